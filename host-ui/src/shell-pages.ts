// The service's own pages around the add-on: a dashboard, each resource's list of records and the
// page of one record, as a user of the service sees the books the add-on changed. They read through
// the control API, so through the same domain as the REST API, with no token and no audit entry.
// What they show comes from the resources' outlines (the emulator's registry): a resource of the
// package user's own gets its pages too.
import { control } from './control-client';
import { copyButton } from './copy-button';
import { h, replaceChildren, type Child } from './dom';
import { capitalized, dateTime, money, prettyJson } from './format';
import { crumbLink, pageHeader, pageTitle } from './page-header';
import { DASHBOARD_PATH, href, listPath, recordPath, type PageRoute } from './routes';
import { scrollBox } from './scroll-box';
import type { Session } from './session';
import { toastError } from './toast';
import type { AuditEntry, FieldOutline, ResourceOutline } from './types';

export const PAGE_SIZE = 25;
/** The fields every record has, never what a record is called. */
const META = new Set(['_id', 'status', 'createdAt', 'updatedAt']);

type RecordDoc = Record<string, unknown>;
export type ShownPage = PageRoute | { kind: 'unknown'; path: string };

/** `invoiceNumber` -> `Invoice number`, `_id` -> `Id`. */
const humanized = (name: string) =>
  capitalized(
    name
      .replace(/^_/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase(),
  );

const isObject = (value: unknown): value is RecordDoc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ShellPages {
  element: HTMLElement;
  /** Shows a page; `path` is the in-app path it is shown for, which the element states as `data-path`. */
  show(page: ShownPage, path: string): void;
  /** An audited API call: a write in the shown organization may have changed the shown page. */
  noteApiCall(entry: AuditEntry): void;
  /** Reads and shows the shown page again (the install screen, after its organization changed). */
  refresh(): void;
  /** What it shows, or null while the add-on does. */
  shown(): ShownPage['kind'] | null;
}

export function createShellPages(options: {
  resources: readonly ResourceOutline[];
  session: Session;
  /** The add-on's path, for the way back from a page the shell does not know. */
  addonPath: string;
  addonName: string;
  /** The install screen (install-page.ts). */
  installPage(): Promise<Child[]>;
}): ShellPages {
  const { resources, session } = options;
  const idForms = resources.map((resource) => ({ resource, pattern: new RegExp(resource.idPattern) }));
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  const element = h('div', { class: 'main-inner shell-page', 'data-testid': 'shell-page', hidden: true });
  let current: ShownPage | null = null;
  let generation = 0;

  /** A link to the record an id names, when it has the form of a resource's ids. */
  const idLink = (id: string, resource?: ResourceOutline): Child => {
    const target = resource ?? idForms.find(({ pattern }) => pattern.test(id))?.resource;
    if (!target) return h('code', {}, id);
    return h('a', { href: href(recordPath(target.name, id)) }, h('code', {}, id));
  };

  /** A field's value as the service shows it; `currency` is its record's, for the money in it. */
  const value = (field: string, raw: unknown, outline?: FieldOutline, currency?: unknown): Child => {
    if (raw === null || raw === undefined || raw === '') return h('span', { class: 'muted' }, '—');
    if (typeof raw === 'number' && outline?.money) return money(raw, currency);
    if (typeof raw === 'string') {
      if (field === 'status') return h('span', { class: 'badge status-badge', 'data-status': raw }, raw);
      if (outline?.refersTo) return idLink(raw, byName.get(outline.refersTo));
      // The shown record's own id leads nowhere new: it is to copy.
      if (field === '_id') return h('span', { class: 'id-cell' }, h('code', {}, raw), copyButton(raw, 'id'));
      if (idForms.some(({ pattern }) => pattern.test(raw))) return idLink(raw);
      return outline?.format === 'date-time' ? dateTime(raw) : raw;
    }
    if (typeof raw === 'boolean') return raw ? 'yes' : 'no';
    if (typeof raw === 'number') return String(raw);
    if (Array.isArray(raw)) {
      if (raw.length === 0) return h('span', { class: 'muted' }, 'none');
      if (raw.every(isObject)) return nestedTable(field, raw, outline?.items ?? [], currency);
      return h('span', {}, ...raw.flatMap((item, i) => [i > 0 ? ', ' : null, value('', item)]));
    }
    if (isObject(raw)) return fieldList(Object.keys(raw), raw, 'kv compact nested-fields', [], currency);
    return String(raw);
  };

  /**
   * Lines of an invoice, items of an order: a small table of their own, in the order of their
   * fields' outline; in a narrow room each line stacks, each value under its column's name.
   */
  const nestedTable = (field: string, rows: RecordDoc[], outlines: FieldOutline[], currency: unknown) => {
    const keys = [
      ...new Set([...outlines.map((outline) => outline.name), ...rows.flatMap((row) => Object.keys(row))]),
    ].filter((key) => rows.some((row) => key in row));
    const outlineOf = (key: string) => outlines.find((outline) => outline.name === key);
    return h(
      'div',
      { class: 'stacking nested-lines', 'data-testid': 'nested-lines' },
      h(
        'table',
        { class: 'records nested', 'aria-label': humanized(field) },
        h(
          'thead',
          {},
          h('tr', {}, ...keys.map((key) => h('th', { scope: 'col', class: numClass(outlineOf(key)) }, humanized(key)))),
        ),
        h(
          'tbody',
          {},
          ...rows.map((row) =>
            h(
              'tr',
              {},
              ...keys.map((key) =>
                h(
                  'td',
                  { class: numClass(outlineOf(key)), 'data-label': humanized(key) },
                  value(key, row[key], outlineOf(key), currency),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  };

  const fieldList = (
    names: string[],
    record: RecordDoc,
    className: string,
    outlines: FieldOutline[],
    currency: unknown = record.currency,
  ) =>
    h(
      'dl',
      { class: className },
      ...names.map((name) =>
        h(
          'div',
          { class: 'kv-row', 'data-field': name },
          h('dt', {}, humanized(name)),
          h(
            'dd',
            {},
            value(
              name,
              record[name],
              outlines.find((field) => field.name === name),
              currency,
            ),
          ),
        ),
      ),
    );

  /** What a record is called: its first text field with a value (a number, a name, a subject), else its id. */
  const titleOf = (resource: ResourceOutline, record: RecordDoc): string => {
    const field = resource.fields.find(
      (f) =>
        !META.has(f.name) &&
        f.kind === 'string' &&
        !f.refersTo &&
        typeof record[f.name] === 'string' &&
        record[f.name] !== '',
    );
    return String(field ? record[field.name] : record._id);
  };

  const seedButton = (then: () => void) =>
    h(
      'button',
      {
        type: 'button',
        class: 'button small',
        onclick: () =>
          void control.seed({ orgId: session.settings.orgId }).then(then, (error: unknown) => toastError(error)),
      },
      'Seed sample data',
    );

  /**
   * Shows what a page's reads found, unless another page was asked for meanwhile. The element is
   * `aria-busy` while they read: a screen reader waits for the page, and so can a test.
   */
  const render = async (mine: number, build: () => Promise<Child[]>) => {
    element.setAttribute('aria-busy', 'true');
    let children: Child[];
    try {
      children = await build();
    } catch (error) {
      children = [
        pageHeader(pageTitle('Something went wrong')),
        h('p', { class: 'problem', role: 'alert' }, (error as Error).message),
      ];
    }
    if (mine !== generation) return;
    replaceChildren(element, ...children);
    element.setAttribute('aria-busy', 'false');
  };

  const dashboard = async (): Promise<Child[]> => {
    const orgId = session.settings.orgId;
    const counts = await Promise.all(
      resources.map((resource) => control.records(resource.name, { orgId, limit: 1 }).then((page) => page.total)),
    );
    return [
      pageHeader(pageTitle('Dashboard')),
      h('p', { class: 'muted' }, `The books of ${orgId}, as the API reads them.`),
      h(
        'ul',
        { class: 'dashboard-cards' },
        ...resources.map((resource, i) =>
          h(
            'li',
            {},
            h(
              'a',
              { class: 'dashboard-card', href: href(listPath(resource.name)), 'data-testid': `count-${resource.name}` },
              h('span', { class: 'dashboard-count' }, String(counts[i])),
              h('span', {}, capitalized(resource.name)),
            ),
          ),
        ),
      ),
      counts.every((count) => count === 0)
        ? h('p', { class: 'muted' }, `No records in ${orgId} yet. `, seedButton(refresh))
        : null,
    ];
  };

  const list = async (resource: ResourceOutline, offset: number): Promise<Child[]> => {
    const orgId = session.settings.orgId;
    const page = await control.records(resource.name, { orgId, limit: PAGE_SIZE, offset, order: 'newest' });
    const heading = pageHeader(pageTitle(capitalized(resource.name)));
    if (page.total === 0)
      return [heading, h('p', { class: 'empty muted' }, `No ${resource.name} in ${orgId} yet. `, seedButton(refresh))];
    const columns = columnsOf(resource);
    const first = offset + 1;
    const last = offset + page.data.length;
    const rows = page.data.map((record) =>
      h(
        'tr',
        { 'data-testid': 'record-row', 'data-id': String(record._id) },
        ...columns.map((field, i) =>
          h(
            'td',
            { class: numClass(field), 'data-label': humanized(field.name) },
            // The first column names the record and leads to its page.
            i === 0
              ? h(
                  'a',
                  { href: href(recordPath(resource.name, String(record._id))), 'data-testid': 'record-link' },
                  record[field.name] === null || record[field.name] === undefined
                    ? String(record._id)
                    : String(record[field.name]),
                )
              : value(field.name, record[field.name], field, record.currency),
          ),
        ),
      ),
    );
    const pager = h(
      'nav',
      { class: 'pager', 'aria-label': `Pages of ${resource.name}` },
      h(
        'span',
        { class: 'muted', 'data-testid': 'list-summary' },
        page.data.length ? `${first}–${last} of ${page.total}, newest first` : `none past ${page.total}`,
      ),
      offset > 0
        ? h(
            'a',
            { class: 'button small', href: href(listPath(resource.name, Math.max(0, offset - PAGE_SIZE))) },
            'Newer',
          )
        : null,
      offset + PAGE_SIZE < page.total
        ? h('a', { class: 'button small', href: href(listPath(resource.name, offset + PAGE_SIZE)) }, 'Older')
        : null,
    );
    return [
      heading,
      h('p', { class: 'muted' }, `${resource.description} In ${orgId}.`),
      scrollBox(
        capitalized(resource.name),
        'page-table stacking',
        h(
          'table',
          { class: 'records' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...columns.map((field) => h('th', { scope: 'col', class: numClass(field) }, humanized(field.name))),
            ),
          ),
          h('tbody', {}, ...rows),
        ),
      ),
      pager,
    ];
  };

  const record = async (resource: ResourceOutline, id: string): Promise<Child[]> => {
    const orgId = session.settings.orgId;
    const back = crumbLink(capitalized(resource.name), listPath(resource.name));
    let found: RecordDoc;
    try {
      found = (await control.record(resource.name, id, orgId)).data;
    } catch (error) {
      return [
        pageHeader(...back, pageTitle(`${capitalized(resource.label)} not found`)),
        h('p', { class: 'problem' }, (error as Error).message),
      ];
    }
    const names = [
      ...resource.fields.map((field) => field.name),
      ...Object.keys(found).filter((name) => !resource.fields.some((f) => f.name === name)),
    ];
    const status = typeof found.status === 'string' ? value('status', found.status) : null;
    return [
      pageHeader(...back, pageTitle(`${capitalized(resource.label)} ${titleOf(resource, found)}`), status),
      h('p', { class: 'muted' }, `In ${orgId}.`),
      fieldList(names, found, 'kv record-fields', resource.fields),
      h(
        'details',
        { class: 'record-json' },
        h('summary', {}, 'As JSON'),
        h('pre', { class: 'json' }, prettyJson(found)),
      ),
    ];
  };

  const unknown = async (path: string): Promise<Child[]> => [
    pageHeader(pageTitle('Not a page of the emulated service')),
    h('p', {}, h('code', {}, path), ' names no page the emulator knows.'),
    h(
      'p',
      {},
      h('a', { href: href(DASHBOARD_PATH) }, 'Dashboard'),
      ' · ',
      h('a', { href: href(options.addonPath) }, options.addonName),
    ),
  ];

  const build = (page: ShownPage): Promise<Child[]> => {
    switch (page.kind) {
      case 'dashboard':
        return dashboard();
      case 'install':
        return options.installPage();
      case 'list':
        return list(page.resource, page.offset);
      case 'record':
        return record(page.resource, page.id);
      case 'unknown':
        return unknown(page.path);
    }
  };

  function refresh() {
    if (current) void render(++generation, () => build(current!));
  }

  // Another organization in the session means other books.
  session.onChange(() => {
    if (!element.hidden) refresh();
  });

  return {
    element,
    show(page, path) {
      current = page;
      element.dataset.page = page.kind;
      element.dataset.path = path;
      replaceChildren(element, pageHeader(h('span', { class: 'muted' }, 'Loading…')));
      void render(++generation, () => build(page));
    },
    noteApiCall(entry) {
      // What the add-on, a trigger or a scenario wrote shows without a reload; reads change nothing.
      // The install screen shows no records: a write there would only wipe a change being made.
      if (element.hidden || current?.kind === 'install' || entry.method === 'GET' || entry.status >= 400) return;
      if (entry.orgId === session.settings.orgId) refresh();
    },
    refresh() {
      if (!element.hidden) refresh();
    },
    shown: () => (element.hidden ? null : (current?.kind ?? null)),
  };
}

/** A list's columns, as the resource's outline names them (resource-outline.ts). */
export function columnsOf(resource: ResourceOutline): FieldOutline[] {
  return resource.columns.flatMap((name) => resource.fields.filter((field) => field.name === name));
}

/** Numbers, money among them, align right in their column. */
const numClass = (field?: FieldOutline) =>
  field && (field.kind === 'number' || field.kind === 'integer') ? 'num' : '';
