// Messages tab: every bridge message in both directions, newest first as every log of the drawer,
// with a warning on those the host ignored (malformed, or over a limit of the bridge). Its rows are a
// bounded log: the oldest go, and are counted; a flood is one warning row and a count.
import { BRIDGE_RATE, cut, sayCount } from '../../../src/bridge/bridge-budget.js';
import { MESSAGE_LOG_KEEP } from '../../../src/common/limits.js';
import type { MessageLogEntry } from '../bridge';
import type { EmulatedClock } from '../clock';
import { h } from '../dom';
import type { Panel } from '../drawer';
import { timeOfDay } from '../format';

/** How often a count that changes with every message of a flood is drawn again: real time, as drawing is. */
const REDRAW_MS = 250;

export interface MessagesPanel extends Panel {
  add(entry: MessageLogEntry): void;
  /** Counts messages dropped because they came from another window or origin. */
  noteIgnored(origin: string): void;
  /** Counts a message dropped over the bridge's rate. */
  noteDropped(): void;
  /** Number of messages the host ignored since the last clear, for the tab badge. */
  onWarnings(listener: (count: number) => void): void;
}

/** A payload as JSON text: what a row shows (cut) and keeps whole for `openHostPage()` (data-payload). */
function jsonOf(payload: unknown): string | undefined {
  if (payload === undefined) return undefined;
  try {
    return JSON.stringify(payload) ?? String(payload);
  } catch {
    // A BigInt: the bridge's limits have measured it as its digits.
    return String(payload);
  }
}

export function createMessagesPanel(clock: EmulatedClock): MessagesPanel {
  let warnings = 0;
  let ignored = 0;
  let older = 0;
  const dropped = { count: 0, since: '', drawing: false };
  const warningListeners: Array<(count: number) => void> = [];
  const list = h('ol', { class: 'log message-log', 'aria-live': 'polite' });
  const empty = h('p', { class: 'empty muted' }, 'No messages yet. The add-on starts with service:ready.');
  const ignoredNote = h('span', { class: 'muted small', hidden: true, 'data-testid': 'ignored-messages' });
  const droppedNote = h('p', {
    class: 'dropped-note',
    role: 'status',
    hidden: true,
    'data-testid': 'dropped-messages',
  });
  const olderNote = h('p', { class: 'muted small', hidden: true, 'data-testid': 'older-messages' });

  const setWarnings = (count: number) => {
    warnings = count;
    warningListeners.forEach((listener) => listener(count));
  };
  const showOlder = () => {
    olderNote.hidden = older === 0;
    olderNote.dataset.count = String(older);
    olderNote.textContent = `${sayCount(older)} older message(s) not kept: the tab keeps the newest ${sayCount(MESSAGE_LOG_KEEP)}`;
  };
  const drawDropped = () => {
    dropped.drawing = false;
    droppedNote.hidden = false;
    droppedNote.dataset.count = String(dropped.count);
    droppedNote.textContent = `${sayCount(dropped.count)} message(s) dropped over the bridge's rate (${BRIDGE_RATE}) since ${dropped.since}`;
  };

  const clear = () => {
    list.replaceChildren();
    empty.hidden = false;
    older = 0;
    showOlder();
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
    droppedNote,
    empty,
    list,
    olderNote,
  );

  return {
    element,
    add(entry) {
      // Scrolled down to older messages, the rows in view stay in view as a new one comes in above them.
      const fromBottom = element.scrollTop > 0 ? element.scrollHeight - element.scrollTop : null;
      const json = jsonOf(entry.payload);
      const shown = entry.over === 'size' ? 'not shown: over the size limit' : json === undefined ? '—' : cut(json);
      const row = h(
        'li',
        {
          class: `log-row message-row${entry.warning ? ' malformed' : ''}`,
          'data-testid': 'message-row',
          'data-direction': entry.direction,
          'data-type': entry.type,
          'data-warning': entry.warning,
          'data-over': entry.over,
          // Whole, for openHostPage(): within the bridge's size limit, and never laid out.
          'data-payload': json,
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
        h('code', { class: 'message-type' }, cut(entry.type) || '(no type)'),
        h('code', { class: 'message-payload' }, shown),
        entry.warning
          ? h('span', { class: 'message-warning', role: 'note' }, `⚠ ${cut(entry.warning)} — ignored`)
          : null,
      );
      list.prepend(row);
      empty.hidden = true;
      if (list.childElementCount > MESSAGE_LOG_KEEP) {
        list.lastElementChild?.remove();
        older++;
        showOlder();
      }
      if (entry.warning) setWarnings(warnings + 1);
      if (fromBottom !== null) element.scrollTop = element.scrollHeight - fromBottom;
    },
    noteIgnored(origin) {
      ignored++;
      ignoredNote.hidden = false;
      ignoredNote.dataset.count = String(ignored);
      ignoredNote.textContent = `${ignored} ignored (foreign window/origin${origin ? `, last ${cut(origin)}` : ''})`;
    },
    noteDropped() {
      dropped.count++;
      if (dropped.count === 1) dropped.since = timeOfDay(clock.now());
      if (dropped.drawing) return;
      dropped.drawing = true;
      window.setTimeout(drawDropped, REDRAW_MS);
    },
    onWarnings: (listener) => void warningListeners.push(listener),
  };
}
