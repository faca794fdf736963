/**
 * What the host did, as `openHostPage()` and `mockHost()` record it: the bridge messages in the host's
 * own log (its Messages tab, both directions, ignored ones with the host's warning), the toasts it
 * showed, and what it dropped over the bridge's limits. `watchHost` runs inside the host page;
 * `createHostLog` keeps what it reports, in Node, as bounded logs (src/common/ring.ts), which both
 * read through `messagesOf`.
 */
import { cut, sayCount } from '../bridge/bridge-budget.js';
import { createRing, type Ring } from '../common/ring.js';
import { MESSAGE_LOG_KEEP } from '../common/limits.js';

/** One bridge message as the host logged it: `in` is add-on to host, `out` host to add-on. */
export interface BridgeMessage {
  direction: 'in' | 'out';
  type: string;
  /** As the host logged it: parsed JSON, the session token shortened (`eyJhbGci…x1Yw`). */
  payload: unknown;
  /** The host's reason for ignoring the message (malformed, or over a limit); null for a message it acted on. */
  warning: string | null;
  /**
   * The bridge's limit it broke, when it did: `size` (ignored, its payload not kept), or `rate` (the
   * first of a flood, whose other messages the host only counted: `messages.dropped().overRate`).
   */
  over?: 'size' | 'rate';
}

export interface HostToast {
  message: string;
  level: string;
}

/** What went unrecorded or unheeded, by why (docs/limits.md#the-bridge). */
export interface DroppedMessages {
  /** Messages the host dropped over the bridge's rate: neither acted on nor logged one by one. */
  overRate: number;
  /** Messages the host ignored for their size: each is in the log with its warning, without its payload. */
  overSize: number;
  /** Messages that went out of this log to make room (it keeps the newest 500). */
  outOfLog: number;
}

export type HostEntry =
  ({ kind: 'message' } & BridgeMessage) | ({ kind: 'toast' } & HostToast) | { kind: 'dropped'; overRate: number };

/**
 * Runs in every frame of the host page before its scripts (Playwright's init script) and acts in the
 * top one: it watches the host's message log and toasts appear, and the Messages tab's count of what
 * it dropped over the rate change, and reports each batch through the binding. One batch per mutation
 * callback, so a message and the toast it caused arrive together. Self-contained: Playwright sends
 * its source to the browser.
 */
export function watchHost(binding: string): void {
  if (window !== window.top) return;
  const report = (window as unknown as Record<string, (entries: unknown[]) => void>)[binding];
  const selector = '[data-testid="message-row"], [data-testid="toast"]';
  const entryOf = (element: HTMLElement) => {
    if (element.dataset.testid === 'toast')
      return { kind: 'toast', message: element.textContent ?? '', level: element.dataset.level ?? 'info' };
    // The row shows its payload cut; it keeps the whole (within the bridge's size limit) for us.
    const { direction, type = '', warning, over, payload: json } = element.dataset;
    let payload: unknown = undefined;
    if (json !== undefined) {
      try {
        payload = JSON.parse(json);
      } catch {
        payload = json;
      }
    }
    return { kind: 'message', direction, type, payload, warning: warning ?? null, ...(over ? { over } : {}) };
  };
  const seen = new WeakSet<Element>();
  // The tab's count is the page's own, drawn a few times a second at most: told here as what it grew by.
  let dropped = 0;
  new MutationObserver((records) => {
    const entries: unknown[] = [];
    for (const record of records) {
      const target = record.target as HTMLElement;
      if (record.type === 'attributes' && target.dataset.testid === 'dropped-messages') {
        const count = Number(target.dataset.count ?? 0);
        if (count > dropped) entries.push({ kind: 'dropped', overRate: count - dropped });
        dropped = Math.max(dropped, count);
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const found = node.matches(selector) ? [node] : [...node.querySelectorAll<HTMLElement>(selector)];
        for (const element of found) {
          if (seen.has(element)) continue;
          seen.add(element);
          entries.push(entryOf(element));
        }
      }
    }
    if (entries.length) void report(entries);
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-count'] });
}

export interface HostLog {
  /** The newest messages; `total` counts every one ever seen, so an index (`since`) stays meaningful. */
  readonly messages: Ring<BridgeMessage>;
  readonly toasts: Ring<HostToast>;
  dropped(): DroppedMessages;
  add(entries: HostEntry[]): void;
  /** The first message from index `since` on that matches, now or when it comes; rejects after `timeoutMs`. */
  next(match: (message: BridgeMessage) => boolean, since: number, timeoutMs: number): Promise<BridgeMessage>;
}

interface Waiter {
  match(message: BridgeMessage): boolean;
  since: number;
  resolve(message: BridgeMessage): void;
}

export function createHostLog(keep = MESSAGE_LOG_KEEP): HostLog {
  const messages = createRing<BridgeMessage>(keep);
  const toasts = createRing<HostToast>(keep);
  let overRate = 0;
  let overSize = 0;
  const waiters = new Set<Waiter>();
  /** Hands a message just logged, at `index`, to the waiters it is for. */
  const offer = (message: BridgeMessage, index: number) => {
    for (const waiter of waiters) {
      if (index < waiter.since || !waiter.match(message)) continue;
      waiters.delete(waiter);
      waiter.resolve(message);
    }
  };
  return {
    messages,
    toasts,
    dropped: () => ({ overRate, overSize, outOfLog: messages.dropped }),
    add(entries) {
      for (const entry of entries) {
        if (entry.kind === 'dropped') overRate += entry.overRate;
        else if (entry.kind === 'toast') toasts.push({ message: entry.message, level: entry.level });
        else {
          const { kind: _, ...message } = entry;
          if (message.over === 'size') overSize++;
          messages.push(message);
          offer(message, messages.total - 1);
        }
      }
    },
    next(match, since, timeoutMs) {
      const found = messages.since(since).find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          match,
          since,
          resolve(message) {
            clearTimeout(timer);
            resolve(message);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error('timeout'));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}

/** The bridge traffic both ways, as the host logged it: `HostPage.messages` and `MockHost.messages`. */
export interface HostMessages {
  /** The newest 500 messages, the ones the host ignored included (docs/limits.md#the-bridge). */
  list(): BridgeMessage[];
  /** How many so far, those no longer in `list()` too: pass it as `since` to wait only for what comes after. */
  count(): number;
  /** What the host dropped over the bridge's rate, ignored for its size, and what went out of `list()`. */
  dropped(): DroppedMessages;
  /**
   * The first message of `type` (that `predicate` accepts) from `since` on (default: the start),
   * now or when it comes. Fails after the timeout with the messages seen and the host's warnings.
   */
  waitFor(
    type: string,
    predicate?: (message: BridgeMessage) => boolean,
    options?: { since?: number; timeoutMs?: number },
  ): Promise<BridgeMessage>;
}

/**
 * The log read as `messages`; a wait that fails rejects with `failure(what did not come)`, which says
 * who waited and adds what the host saw (`describeLog`).
 */
export function messagesOf(log: HostLog, timeoutMs: number, failure: (what: string) => Promise<Error>): HostMessages {
  return {
    list: log.messages.items,
    count: () => log.messages.total,
    dropped: log.dropped,
    async waitFor(type, predicate, wait = {}) {
      const matches = (m: BridgeMessage) => m.type === type && (!predicate || predicate(m));
      try {
        return await log.next(matches, wait.since ?? 0, wait.timeoutMs ?? timeoutMs);
      } catch {
        throw await failure(`no ${type}${predicate ? ' that the predicate accepts' : ''}`);
      }
    },
  };
}

/** The in-app paths the add-on navigated to, in order: the navigates the host acted on. */
export const navigationsIn = (log: HostLog): string[] =>
  log.messages
    .items()
    .filter((m) => m.direction === 'in' && m.type === 'service:navigate' && m.warning === null)
    .map((m) => (m.payload as { path: string }).path);

/** The messages a failed wait lists: the newest, enough to see what led up to it. */
const DESCRIBED = 50;

/** What the host saw, for a failed wait: the newest bridge messages, the host's warnings, what it dropped, the toasts. */
export function describeLog(log: HostLog): string {
  const messages = log.messages.items().slice(-DESCRIBED);
  const earlier = log.messages.total - messages.length;
  const lines = messages.map(
    (m) =>
      `  ${m.direction.padEnd(3)} ${cut(m.type) || '(no type)'} ${m.payload === undefined ? '—' : cut(JSON.stringify(m.payload))}` +
      (m.warning ? `  ⚠ ignored by the host: ${cut(m.warning)}` : ''),
  );
  const malformed = log.messages.items().filter((m) => m.warning && !m.over).length;
  const { overRate, overSize } = log.dropped();
  const toasts = log.toasts.items().slice(-DESCRIBED);
  return [
    `Bridge messages so far (in = add-on to host, out = host to add-on): ${log.messages.total ? '' : 'none'}`,
    ...(earlier ? [`  … ${sayCount(earlier)} earlier, not listed`] : []),
    ...lines,
    `Malformed messages the host warned of: ${malformed}`,
    ...(overRate || overSize
      ? [
          `Dropped by the host over the bridge's limits: ${sayCount(overRate)} over its rate, ${sayCount(overSize)} over its size`,
        ]
      : []),
    `Toasts: ${toasts.length ? toasts.map((t) => `[${t.level}] ${t.message}`).join('; ') : 'none'}`,
  ].join('\n');
}
