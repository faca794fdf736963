// Data tab: the records of the session's organization, read through the control API (no token, no
// audit entry, so looking does not disturb what the add-on sees in the Audit tab). Each row shows a
// few telling fields; a click shows the whole record, and its id leads to the record's page in the
// shell.
import { control } from '../control-client';
import { h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { prettyJson } from '../format';
import { href, recordPath } from '../routes';
import type { Session } from '../session';
import { toastError } from '../toast';
import type { AuditEntry } from '../types';

const LIMIT = 50;

// Which fields say what a record is, by collection-agnostic name, first present wins.
const LABEL_FIELDS = ['name', 'invoiceNumber', 'orderNumber', 'subject', 'description', 'sku', 'email'];
const AMOUNT_FIELDS = ['total', 'amount', 'unitPrice'];

type RecordDoc = Record<string, unknown>;

const first = (record: RecordDoc, fields: string[]) =>
  fields.map((field) => record[field]).find((value) => value !== undefined && value !== null);

function amount(record: RecordDoc): string {
  const value = first(record, AMOUNT_FIELDS);
  if (typeof value !== 'number') return '';
  return `${value.toFixed(2)}${typeof record.currency === 'string' ? ` ${record.currency}` : ''}`;
}

export interface DataPanel extends Panel {
  /** An audited API call: reload if it may have changed the shown collection. */
  noteApiCall(entry: AuditEntry): void;
}

/** `collections`: the business resources the emulator serves (its status says which). */
export function createDataPanel(session: Session, collections: readonly string[]): DataPanel {
  let loadedFor = '';
  let request = 0;
  const select = h(
    'select',
    { 'data-testid': 'data-collection', id: 'data-collection' },
    ...collections.map((name) => h('option', { value: name }, name)),
  );
  const summary = h('span', { class: 'muted small' });
  const body = h('tbody');
  const table = h(
    'table',
    { class: 'records' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'id'), h('th', {}, 'record'), h('th', {}, 'status'), h('th', { class: 'num' }, 'amount')),
    ),
    body,
  );
  // A narrow drawer scrolls the table sideways, not the page; focusable to scroll by keyboard.
  const tableScroll = h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Records' }, table);
  const empty = h('div', { class: 'empty muted', hidden: true });

  const load = async () => {
    const collection = select.value;
    const orgId = session.settings.orgId;
    const mine = ++request;
    loadedFor = `${collection}@${orgId}`;
    summary.textContent = `Loading ${collection}…`;
    try {
      const page = await control.records(collection, { orgId, limit: LIMIT });
      if (mine !== request) return; // a newer choice is loading
      summary.textContent = `${page.data.length} of ${page.total} ${collection} in ${orgId}`;
      replaceChildren(body, ...page.data.flatMap((record) => recordRows(collection, record)));
      tableScroll.hidden = page.data.length === 0;
      empty.hidden = page.data.length > 0;
      replaceChildren(
        empty,
        `No ${collection} in ${orgId}. `,
        h('button', { type: 'button', class: 'button small', onclick: () => void seed() }, 'Seed sample data'),
      );
    } catch (error) {
      if (mine !== request) return;
      summary.textContent = (error as Error).message;
      body.replaceChildren();
      loadedFor = '';
      toastError(error);
    }
  };

  /** The record's id, as a link to its page in the shell (routes.ts), as the shell's own lists link it. */
  const idCell = (collection: string, id: unknown) =>
    typeof id === 'string' && id !== ''
      ? h(
          'a',
          {
            href: href(recordPath(collection, id)),
            'data-testid': 'data-record-link',
            title: "Open the record's page",
          },
          h('code', {}, id),
        )
      : h('code', {}, '—');

  const recordRows = (collection: string, record: RecordDoc) => {
    const json = h(
      'tr',
      { class: 'record-json', hidden: true },
      h('td', { colspan: 4 }, h('pre', { class: 'json' }, prettyJson(record))),
    );
    const label = first(record, LABEL_FIELDS);
    const row = h(
      'tr',
      {
        class: 'data-row',
        'data-testid': 'data-row',
        'data-id': String(record._id ?? ''),
        title: 'Show the whole record',
        // A click on the id's link follows it to the record's page, and leaves the JSON as it was.
        onclick: (event: Event) => {
          if ((event.target as Element).closest('a')) return;
          json.hidden = !json.hidden;
        },
      },
      h('td', {}, idCell(collection, record._id)),
      h('td', { class: 'record-label' }, label === undefined ? '' : String(label)),
      h('td', {}, typeof record.status === 'string' ? h('span', { class: 'badge' }, record.status) : ''),
      h('td', { class: 'num' }, amount(record)),
    );
    return [row, json];
  };

  const seed = async () => {
    try {
      const result = await control.seed({ orgId: session.settings.orgId });
      await load();
      if (result.orgId !== session.settings.orgId) summary.textContent += ` (seeded ${result.orgId})`;
    } catch (error) {
      toastError(error);
    }
  };

  select.addEventListener('change', () => void load());
  // Another organization in the session means other records.
  session.onChange(() => {
    if (loadedFor && !loadedFor.endsWith(`@${session.settings.orgId}`)) void load();
  });

  return {
    element: h(
      'div',
      { class: 'panel data-panel' },
      h(
        'div',
        { class: 'panel-toolbar' },
        h('label', { class: 'inline-field' }, h('span', {}, 'Collection'), select),
        h('button', { type: 'button', class: 'button small', onclick: () => void load() }, 'Refresh'),
      ),
      h('p', {}, summary),
      tableScroll,
      empty,
    ),
    onShow() {
      if (loadedFor !== `${select.value}@${session.settings.orgId}`) void load();
    },
    noteApiCall(entry) {
      // Writes by the add-on show up without a manual refresh; reads change nothing.
      if (!loadedFor || entry.method === 'GET' || entry.status >= 400) return;
      if (entry.orgId === session.settings.orgId && entry.path.includes(`/${select.value}`)) void load();
    },
  };
}
