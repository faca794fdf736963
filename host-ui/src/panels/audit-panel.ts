// Audit tab: the add-on API calls the emulator audited, newest first as every list of what happened
// (Deliveries, `addon logs`, `addon deliveries`, `addon inbox`): the recent ones at start, then each
// new one from the stream at the top as it is answered. Calls refused before the audit log (a 401
// of the token check, a 429 of the rate limit) come in among them from the stream, marked refused
// with their code and why: the audit log never has them, so only what this page saw is shown.
import { control } from '../control-client';
import { copyAsMenu } from '../copy-as-menu';
import { h } from '../dom';
import type { Panel } from '../drawer';
import { timeOfDay } from '../format';
import { toastError } from '../toast';
import type { AuditEntry, Refusal } from '../types';

const LIMIT = 100;
const MAX_ROWS = 1000;

export interface AuditPanel extends Panel {
  add(entry: AuditEntry): void;
  /** A call refused before the audit log, from the stream (there is no list of them to read back). */
  addRefused(refusal: Refusal): void;
  reload(): Promise<void>;
}

/** A row of the tab: an audited call, or one refused before the audit. */
type Item = { kind: 'audit'; entry: AuditEntry } | { kind: 'refused'; refusal: Refusal };

const timeOf = (item: Item) => (item.kind === 'audit' ? item.entry.time : item.refusal.at);
const idOf = (item: Item) => (item.kind === 'audit' ? item.entry.requestId : item.refusal.requestId);

export function createAuditPanel(): AuditPanel {
  // Rows seen, by requestId: the initial read and the stream overlap when a call lands between the
  // stream opening and the read answering.
  const seen = new Set<string>();
  let items: Item[] = [];
  const list = h('ol', { class: 'log audit-log' });
  const empty = h(
    'p',
    { class: 'empty muted' },
    'No API calls yet. Calls the add-on makes with its token appear here as they are answered.',
  );
  // Focusable: the log scrolls, and has nothing else to reach with the keyboard.
  const element = h('div', { class: 'panel audit-panel', tabindex: 0 });

  const auditRow = (entry: AuditEntry) =>
    h(
      'li',
      {
        class: `log-row audit-row${entry.status >= 400 ? ' failed' : ''}`,
        'data-testid': 'audit-row',
        'data-status': entry.status,
        'data-request-id': entry.requestId,
      },
      h('span', { class: 'log-time' }, timeOfDay(entry.time)),
      h('span', { class: `method method-${entry.method.toLowerCase()}` }, entry.method),
      h('code', { class: 'audit-path', title: entry.path }, entry.path),
      h('span', { class: `http-status status-${Math.floor(entry.status / 100)}xx` }, String(entry.status)),
      h(
        'span',
        {
          class: `scope-decision decision-${entry.scope.decision}`,
          title: `user ${entry.userId} · org ${entry.orgId} · token ${entry.tokenId}`,
        },
        entry.scope.required ? `${entry.scope.required} ${entry.scope.decision}` : 'no scope needed',
      ),
      h('span', { class: 'muted small' }, `${entry.durationMs} ms`),
      entry.faults &&
        h(
          'span',
          { class: 'badge fault-badge', 'data-testid': 'audit-fault' },
          `fault ${entry.faults.map((f) => `${f.rule}: ${f.effect}`).join(', ')}`,
        ),
      copyAsMenu(() => ({ kind: 'call', entry }), 'this call'),
    );

  // Refused before the audit log: no user, scope or duration, since none was known yet; the code and
  // the error's message say why, as the `addon dev` terminal does. Never the token.
  const refusedRow = (refusal: Refusal) =>
    h(
      'li',
      {
        class: 'log-row audit-row failed refused',
        'data-testid': 'audit-row',
        'data-refused': 'true',
        'data-status': refusal.status,
        'data-code': refusal.code,
        'data-request-id': refusal.requestId,
      },
      h('span', { class: 'log-time' }, timeOfDay(refusal.at)),
      h('span', { class: `method method-${refusal.method.toLowerCase()}` }, refusal.method),
      h('code', { class: 'audit-path', title: refusal.path }, refusal.path),
      h('span', { class: 'http-status status-4xx' }, String(refusal.status)),
      h(
        'span',
        { class: 'refusal', title: 'Refused before the audit log: addon logs does not list it' },
        h('span', { class: 'badge refused-badge' }, 'refused'),
        ' ',
        h('code', { class: 'refusal-code' }, refusal.code),
        ' ',
        h('span', { class: 'refusal-reason' }, refusal.reason),
      ),
    );

  const row = (item: Item) => (item.kind === 'audit' ? auditRow(item.entry) : refusedRow(item.refusal));

  const prepend = (item: Item) => {
    if (seen.has(idOf(item))) return;
    // Scrolled down to older calls, the rows in view stay in view as a new one comes in above them.
    const fromBottom = element.scrollTop > 0 ? element.scrollHeight - element.scrollTop : null;
    seen.add(idOf(item));
    items.unshift(item);
    list.prepend(row(item));
    empty.hidden = true;
    if (items.length > MAX_ROWS) {
      items = items.slice(0, MAX_ROWS);
      list.lastElementChild?.remove();
    }
    if (fromBottom !== null) element.scrollTop = element.scrollHeight - fromBottom;
  };

  const reload = async () => {
    try {
      const { data } = await control.audit(LIMIT);
      // Merge with what the stream already added, newest first (ISO times sort as text), both at
      // start and after a reconnection, when the missed entries are newer than the shown ones.
      // Refused calls, which the log never has, keep their place among them by time.
      const fresh = data.filter((entry) => !seen.has(entry.requestId));
      if (fresh.length === 0) return;
      fresh.forEach((entry) => seen.add(entry.requestId));
      items = [...items, ...fresh.map((entry): Item => ({ kind: 'audit', entry }))]
        .sort((a, b) => (timeOf(a) > timeOf(b) ? -1 : timeOf(a) < timeOf(b) ? 1 : 0))
        .slice(0, MAX_ROWS);
      list.replaceChildren(...items.map(row));
      empty.hidden = items.length > 0;
      element.scrollTop = 0;
    } catch (error) {
      toastError(error);
    }
  };

  element.append(empty, list);
  return {
    element,
    add: (entry) => prepend({ kind: 'audit', entry }),
    addRefused: (refusal) => prepend({ kind: 'refused', refusal }),
    reload,
  };
}
