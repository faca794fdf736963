// Audit tab: the add-on API calls the emulator audited, newest first as every list of what happened
// (Deliveries, `addon logs`, `addon deliveries`, `addon inbox`): the recent ones at start, then each
// new one from the stream at the top as it is answered.
import { control } from '../control-client';
import { h } from '../dom';
import type { Panel } from '../drawer';
import { timeOfDay } from '../format';
import { toastError } from '../toast';
import type { AuditEntry } from '../types';

const LIMIT = 100;
const MAX_ROWS = 1000;

export interface AuditPanel extends Panel {
  add(entry: AuditEntry): void;
  reload(): Promise<void>;
}

export function createAuditPanel(): AuditPanel {
  // Entries seen, by requestId: the initial read and the stream overlap when a call lands between
  // the stream opening and the read answering.
  const seen = new Set<string>();
  let entries: AuditEntry[] = [];
  const list = h('ol', { class: 'log audit-log' });
  const empty = h(
    'p',
    { class: 'empty muted' },
    'No API calls yet. Calls the add-on makes with its token appear here as they are answered.',
  );
  // Focusable: the log scrolls, and has nothing else to reach with the keyboard.
  const element = h('div', { class: 'panel audit-panel', tabindex: 0 });

  const row = (entry: AuditEntry) =>
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
    );

  const add = (entry: AuditEntry) => {
    if (seen.has(entry.requestId)) return;
    // Scrolled down to older calls, the rows in view stay in view as a new one comes in above them.
    const fromBottom = element.scrollTop > 0 ? element.scrollHeight - element.scrollTop : null;
    seen.add(entry.requestId);
    entries.unshift(entry);
    list.prepend(row(entry));
    empty.hidden = true;
    if (entries.length > MAX_ROWS) {
      entries = entries.slice(0, MAX_ROWS);
      list.lastElementChild?.remove();
    }
    if (fromBottom !== null) element.scrollTop = element.scrollHeight - fromBottom;
  };

  const reload = async () => {
    try {
      const { data } = await control.audit(LIMIT);
      // Merge with what the stream already added, newest first (ISO times sort as text), both at
      // start and after a reconnection, when the missed entries are newer than the shown ones.
      const fresh = data.filter((entry) => !seen.has(entry.requestId));
      if (fresh.length === 0) return;
      fresh.forEach((entry) => seen.add(entry.requestId));
      entries = [...entries, ...fresh]
        .sort((a, b) => (a.time > b.time ? -1 : a.time < b.time ? 1 : 0))
        .slice(0, MAX_ROWS);
      list.replaceChildren(...entries.map(row));
      empty.hidden = entries.length > 0;
      element.scrollTop = 0;
    } catch (error) {
      toastError(error);
    }
  };

  element.append(empty, list);
  return { element, add, reload };
}
