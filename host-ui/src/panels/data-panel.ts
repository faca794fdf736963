// Data tab: the records of the session's organization, read through the control API (no token, no
// audit entry, so looking does not disturb what the add-on sees in the Audit tab). Each row shows a
// few telling fields, chosen from the resource's outline; a click shows the whole record, and its id
// leads to the record's page in the shell.
import { control } from '../control-client';
import { copyButton } from '../copy-button';
import { h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { money, prettyJson, shortId } from '../format';
import { href, recordPath } from '../routes';
import type { Session } from '../session';
import { scrollBox } from '../scroll-box';
import { toastError } from '../toast';
import type { AuditEntry, FieldOutline, ResourceOutline } from '../types';

const LIMIT = 50;

type RecordDoc = Record<string, unknown>;

/** What a row of a resource shows besides the id: what the record is called, its status, its amount. */
interface RowFields {
  label?: FieldOutline;
  status?: FieldOutline;
  amount?: FieldOutline;
}

/**
 * The add-on's own data in the organization, listed after the business resources (by the control
 * API's names, `ADDON_STORAGE` and `ADDON_CONFIG` in src/domain/addon-data.ts), and the REST API's
 * path of each, whose writes reload it. An entry's id is its key; it has no page of its own.
 */
const ADDON_DATA = new Map([
  ['addon_storage', { option: 'storage (the add-on’s)', apiPath: '/storage' }],
  ['addon_config', { option: 'config (the add-on’s)', apiPath: '/config' }],
]);

/** From the outline: the list's first column names a record; its first money, else any, is the amount. */
function rowFieldsOf(resource: ResourceOutline): RowFields {
  const field = (name: string | undefined) => resource.fields.find((f) => f.name === name);
  const columns = resource.columns.flatMap((name) => field(name) ?? []);
  return {
    label: columns[0],
    status: field('status'),
    amount: columns.find((f) => f.money) ?? resource.fields.find((f) => f.money),
  };
}

export interface DataPanel extends Panel {
  /** An audited API call: reload if it may have changed the shown collection. */
  noteApiCall(entry: AuditEntry): void;
}

/** `resources`: the business resources the emulator serves, from its registry. */
export function createDataPanel(session: Session, resources: readonly ResourceOutline[]): DataPanel {
  let loadedFor = '';
  let request = 0;
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  const select = h(
    'select',
    { 'data-testid': 'data-collection', id: 'data-collection' },
    ...resources.map(({ name }) => h('option', { value: name }, name)),
    ...[...ADDON_DATA].map(([name, { option }]) => h('option', { value: name }, option)),
  );
  const summary = h('span', { class: 'muted small' });
  const head = h('tr');
  const body = h('tbody');
  const table = h('table', { class: 'records data-records' }, h('thead', {}, head), body);
  // Compact enough for the drawer at any width, so a table, not stacked rows (styles.css).
  const tableScroll = scrollBox('Records', '', table);
  const empty = h('div', { class: 'empty muted', hidden: true });

  /** The header of a resource's rows: a column for each of its row fields it has. */
  const showColumns = (fields: RowFields) =>
    replaceChildren(
      head,
      h('th', { scope: 'col' }, 'id'),
      fields.label ? h('th', { scope: 'col' }, 'record') : null,
      fields.status ? h('th', { scope: 'col' }, 'status') : null,
      fields.amount ? h('th', { scope: 'col', class: 'num' }, 'amount') : null,
    );

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
      const resource = byName.get(collection);
      const fields = resource ? rowFieldsOf(resource) : {};
      showColumns(fields);
      replaceChildren(body, ...page.data.flatMap((record) => recordRows(collection, fields, record)));
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

  /**
   * The record's id, short, as a link to its page in the shell (routes.ts), and a button to copy it
   * whole; the add-on's data has no pages, so its keys are shown whole, to copy.
   */
  const idCell = (collection: string, id: unknown) => {
    if (typeof id !== 'string' || id === '') return h('code', {}, '—');
    if (!byName.has(collection)) return h('span', { class: 'id-cell' }, h('code', {}, id), copyButton(id, 'key'));
    return h(
      'span',
      { class: 'id-cell' },
      h(
        'a',
        {
          href: href(recordPath(collection, id)),
          'data-testid': 'data-record-link',
          title: `Open the page of ${id}`,
        },
        h('code', {}, shortId(id)),
      ),
      copyButton(id, 'id'),
    );
  };

  const recordRows = (collection: string, fields: RowFields, record: RecordDoc) => {
    const columns = 1 + [fields.label, fields.status, fields.amount].filter(Boolean).length;
    const json = h(
      'tr',
      { class: 'record-json', hidden: true },
      // The JSON scrolls in its box (sideways in a narrow drawer, down when tall): a region to reach
      // and scroll by keyboard.
      h(
        'td',
        { colspan: columns },
        h(
          'pre',
          { class: 'json', tabindex: 0, role: 'region', 'aria-label': `Record ${String(record._id ?? '')}` },
          prettyJson(record),
        ),
      ),
    );
    const cell = (
      field: FieldOutline | undefined,
      label: string,
      className: string,
      shown: (value: unknown) => string | Node,
    ) =>
      field
        ? h(
            'td',
            { class: className, 'data-label': label },
            record[field.name] == null ? '' : shown(record[field.name]),
          )
        : null;
    const row = h(
      'tr',
      {
        class: 'data-row',
        'data-testid': 'data-row',
        'data-id': String(record._id ?? ''),
        title: 'Show the whole record',
        // A click on the id's link follows it to the record's page, and leaves the JSON as it was.
        onclick: (event: Event) => {
          if ((event.target as Element).closest('a, button')) return;
          json.hidden = !json.hidden;
        },
      },
      h('td', { 'data-label': 'id' }, idCell(collection, record._id)),
      cell(fields.label, 'record', 'record-label', String),
      cell(fields.status, 'status', '', (status) => h('span', { class: 'badge' }, String(status))),
      cell(fields.amount, 'amount', 'num', (amount) =>
        typeof amount === 'number' ? money(amount, record.currency) : String(amount),
      ),
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
      const path = ADDON_DATA.get(select.value)?.apiPath ?? `/${select.value}`;
      if (entry.orgId === session.settings.orgId && entry.path.includes(path)) void load();
    },
  };
}
