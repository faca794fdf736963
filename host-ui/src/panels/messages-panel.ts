// Messages tab: every bridge message in both directions, newest first as every log of the drawer,
// with a warning on the malformed ones (which the host otherwise ignores).
import type { MessageLogEntry } from '../bridge';
import type { EmulatedClock } from '../clock';
import { h } from '../dom';
import type { Panel } from '../drawer';
import { timeOfDay } from '../format';

const MAX_ROWS = 500;

export interface MessagesPanel extends Panel {
  add(entry: MessageLogEntry): void;
  /** Counts messages dropped because they came from another window or origin. */
  noteIgnored(origin: string): void;
  /** Number of malformed messages since the last clear, for the tab badge. */
  onWarnings(listener: (count: number) => void): void;
}

export function createMessagesPanel(clock: EmulatedClock): MessagesPanel {
  let warnings = 0;
  let ignored = 0;
  const warningListeners: Array<(count: number) => void> = [];
  const list = h('ol', { class: 'log message-log', 'aria-live': 'polite' });
  const empty = h('p', { class: 'empty muted' }, 'No messages yet. The add-on starts with service:ready.');
  const ignoredNote = h('span', { class: 'muted small', hidden: true, 'data-testid': 'ignored-messages' });

  const setWarnings = (count: number) => {
    warnings = count;
    warningListeners.forEach((listener) => listener(count));
  };

  const clear = () => {
    list.replaceChildren();
    empty.hidden = false;
    setWarnings(0);
  };

  const element = h(
    'div',
    { class: 'panel messages-panel' },
    h(
      'div',
      { class: 'panel-toolbar' },
      h('span', { class: 'muted small' }, 'in = add-on to host, out = host to add-on'),
      ignoredNote,
      h('button', { type: 'button', class: 'button small', onclick: clear }, 'Clear'),
    ),
    empty,
    list,
  );

  return {
    element,
    add(entry) {
      // Scrolled down to older messages, the rows in view stay in view as a new one comes in above them.
      const fromBottom = element.scrollTop > 0 ? element.scrollHeight - element.scrollTop : null;
      const payload = entry.payload === undefined ? '—' : (JSON.stringify(entry.payload) ?? String(entry.payload));
      const row = h(
        'li',
        {
          class: `log-row message-row${entry.warning ? ' malformed' : ''}`,
          'data-testid': 'message-row',
          'data-direction': entry.direction,
          'data-type': entry.type,
          'data-warning': entry.warning,
        },
        h('span', { class: 'log-time' }, timeOfDay(clock.now())),
        h(
          'span',
          {
            class: `direction direction-${entry.direction}`,
            title: entry.direction === 'in' ? 'from the add-on' : 'to the add-on',
          },
          entry.direction,
        ),
        h('code', { class: 'message-type' }, entry.type || '(no type)'),
        h('code', { class: 'message-payload' }, payload),
        entry.warning ? h('span', { class: 'message-warning', role: 'note' }, `⚠ ${entry.warning} — ignored`) : null,
      );
      list.prepend(row);
      empty.hidden = true;
      while (list.childElementCount > MAX_ROWS) list.lastElementChild?.remove();
      if (entry.warning) setWarnings(warnings + 1);
      if (fromBottom !== null) element.scrollTop = element.scrollHeight - fromBottom;
    },
    noteIgnored(origin) {
      ignored++;
      ignoredNote.hidden = false;
      ignoredNote.dataset.count = String(ignored);
      ignoredNote.textContent = `${ignored} ignored (foreign window/origin${origin ? `, last ${origin}` : ''})`;
    },
    onWarnings: (listener) => void warningListeners.push(listener),
  };
}
