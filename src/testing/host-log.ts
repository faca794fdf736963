/**
 * What the host page did, as `openHostPage()` records it: the bridge messages in the host's own log
 * (its Messages tab, both directions, malformed ones with the host's warning) and the toasts it
 * showed. `watchHost` runs inside the host page; `createHostLog` keeps what it reports, in Node.
 */

/** One bridge message as the host logged it: `in` is add-on to host, `out` host to add-on. */
export interface BridgeMessage {
  direction: 'in' | 'out';
  type: string;
  /** As the host logged it: parsed JSON, the session token shortened (`eyJhbGci…x1Yw`). */
  payload: unknown;
  /** The host's reason for ignoring a malformed message; null for a message it acted on. */
  warning: string | null;
}

export interface HostToast {
  message: string;
  level: string;
}

export type HostEntry = ({ kind: 'message' } & BridgeMessage) | ({ kind: 'toast' } & HostToast);

/**
 * Runs in every frame of the host page before its scripts (Playwright's init script) and acts in the
 * top one: it watches the host's message log and toasts appear, and reports each batch through the
 * binding. One batch per mutation callback, so a message and the toast it caused arrive together.
 * Self-contained: Playwright sends its source to the browser.
 */
export function watchHost(binding: string): void {
  if (window !== window.top) return;
  const report = (window as unknown as Record<string, (entries: unknown[]) => void>)[binding];
  const selector = '[data-testid="message-row"], [data-testid="toast"]';
  const entryOf = (element: HTMLElement) => {
    if (element.dataset.testid === 'toast')
      return { kind: 'toast', message: element.textContent ?? '', level: element.dataset.level ?? 'info' };
    const text = element.querySelector('.message-payload')?.textContent ?? '—';
    let payload: unknown = undefined;
    if (text !== '—') {
      try {
        payload = JSON.parse(text);
      } catch {
        payload = text;
      }
    }
    const { direction, type = '', warning } = element.dataset;
    return { kind: 'message', direction, type, payload, warning: warning ?? null };
  };
  const seen = new WeakSet<Element>();
  new MutationObserver((records) => {
    const entries: unknown[] = [];
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const found = node.matches(selector) ? [node] : [...node.querySelectorAll<HTMLElement>(selector)];
        for (const element of found) {
          if (seen.has(element)) continue;
          seen.add(element);
          entries.push(entryOf(element));
        }
      }
    if (entries.length) void report(entries);
  }).observe(document, { childList: true, subtree: true });
}

export interface HostLog {
  readonly messages: BridgeMessage[];
  readonly toasts: HostToast[];
  add(entries: HostEntry[]): void;
  /** The first message from index `since` on that matches, now or when it comes; rejects after `timeoutMs`. */
  next(match: (message: BridgeMessage) => boolean, since: number, timeoutMs: number): Promise<BridgeMessage>;
}

export function createHostLog(): HostLog {
  const messages: BridgeMessage[] = [];
  const toasts: HostToast[] = [];
  const waiters = new Set<{ match(message: BridgeMessage): boolean; since: number; resolve(m: BridgeMessage): void }>();
  return {
    messages,
    toasts,
    add(entries) {
      for (const { kind, ...entry } of entries) {
        if (kind === 'toast') toasts.push(entry as HostToast);
        else messages.push(entry as BridgeMessage);
      }
      for (const waiter of waiters) {
        const found = messages.slice(waiter.since).find(waiter.match);
        if (!found) continue;
        waiters.delete(waiter);
        waiter.resolve(found);
      }
    },
    next(match, since, timeoutMs) {
      const found = messages.slice(since).find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          since,
          resolve(message: BridgeMessage) {
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
