/**
 * What `addon check` sees inside the add-on's frame: runs there before the add-on's own scripts
 * (a Playwright init script, in every frame; it acts only in a frame of the add-on's origin) and
 * reports through a binding. Self-contained: Playwright sends its source to the browser, so what it
 * needs from the kit comes in its options.
 *
 * - uncaught exceptions, unhandled rejections and console errors;
 * - each cookie the page's scripts write through `document.cookie`, the first `reported` of a load;
 * - each message posted to the host, with its targetOrigin. `window.parent` is replaceable, so it
 *   becomes a proxy whose postMessage notes the call and passes it on (a message sent through
 *   `window.top`, which cannot be replaced, goes unseen, and an add-on that compares a message's
 *   source with `window.top` rather than `window.parent` would take the host's for a stranger's).
 *
 * A page can post or throw in a loop: each load's first `reported` posts, and first `reported`
 * errors, are reported one by one, and the rest are counted (by type and target origin), the counts
 * reported again as they grow, `everyMs` apart (real time: the page's loop runs in real time). Never
 * a call into the check's process for each message of a flood; texts are cut to `shown` characters.
 */
export type FrameEvent =
  | { kind: 'exception' | 'console'; message: string }
  /** A cookie the page's script wrote (`document.cookie = …`), cut: page.third-party-context names it. */
  | { kind: 'cookie'; text: string }
  /** `t`: when it was posted, the frame's performance.now(). */
  | { kind: 'post'; type: string; targetOrigin: string; t: number }
  /** What this load did past what it reported one by one, so far. */
  | { kind: 'counts'; counted: CountedEvents[]; lastPostT: number };

/** Events of one kind (and for posts one type and target origin) that were counted, not reported. */
export interface CountedEvents {
  kind: 'exception' | 'console' | 'post';
  type?: string;
  targetOrigin?: string;
  count: number;
}

export interface FrameWatchOptions {
  binding: string;
  origin: string;
  reported: number;
  shown: number;
  everyMs: number;
}

export function watchAddonFrame({ binding, origin, reported, shown, everyMs }: FrameWatchOptions): void {
  if (window === window.top || location.origin !== origin) return;
  const send = (event: FrameEvent) => {
    const call = (window as unknown as Record<string, (e: FrameEvent) => Promise<void>>)[binding];
    void call?.(event);
  };
  const cut = (text: string) => (text.length > shown ? `${text.slice(0, shown - 1)}…` : text);
  const left = { post: reported, error: reported, cookie: reported };
  // At most `reported` rows: a page posting a new type each time shares one row past them.
  const counted = new Map<string, CountedEvents>();
  let lastPostT = 0;
  let due = false;
  const flush = () => {
    due = false;
    send({ kind: 'counts', counted: [...counted.values()], lastPostT });
  };
  const count = (event: Exclude<FrameEvent, { kind: 'counts' | 'cookie' }>) => {
    const post = event.kind === 'post' ? event : null;
    const own = post ? `${post.targetOrigin} ${post.type}` : event.kind;
    const others = !counted.has(own) && counted.size >= reported;
    const key = others ? `${event.kind} (others)` : own;
    const row = counted.get(key) ?? {
      kind: event.kind,
      ...(post ? { type: others ? '(other types)' : post.type, targetOrigin: post.targetOrigin } : {}),
      count: 0,
    };
    row.count++;
    counted.set(key, row);
    if (due) return;
    due = true;
    setTimeout(flush, everyMs);
  };
  const note = (event: Exclude<FrameEvent, { kind: 'counts' }>) => {
    if (event.kind === 'cookie') return void (left.cookie-- > 0 && send(event));
    if (event.kind === 'post') lastPostT = event.t;
    const budget = event.kind === 'post' ? 'post' : 'error';
    if (left[budget] <= 0) return count(event);
    left[budget]--;
    send(event);
  };
  addEventListener('error', (e) => note({ kind: 'exception', message: cut(String(e.message || e.error)) }));
  addEventListener('unhandledrejection', (e) =>
    note({ kind: 'exception', message: cut(`unhandled rejection: ${String(e.reason)}`) }),
  );
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    note({ kind: 'console', message: cut(args.map(String).join(' ')) });
    error(...args);
  };
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (cookie?.set) {
    const write = cookie.set;
    Object.defineProperty(Document.prototype, 'cookie', {
      ...cookie,
      set(this: Document, value: string) {
        note({ kind: 'cookie', text: cut(String(value)) });
        write.call(this, value);
      },
    });
  }
  const real = window.parent;
  const post = (message: unknown, options?: string | WindowPostMessageOptions, transfer?: Transferable[]) => {
    const targetOrigin = typeof options === 'string' ? options : (options?.targetOrigin ?? '/');
    const type = typeof (message as { type?: unknown })?.type === 'string' ? (message as { type: string }).type : '';
    note({ kind: 'post', type: cut(type), targetOrigin: cut(targetOrigin), t: performance.now() });
    return transfer ? real.postMessage(message, targetOrigin, transfer) : real.postMessage(message, targetOrigin);
  };
  const proxy = new Proxy(real, {
    get: (target, key) => (key === 'postMessage' ? post : Reflect.get(target, key)),
  });
  Object.defineProperty(window, 'parent', { get: () => proxy, configurable: true });
  // A bridge checks `event.source === window.parent` before it trusts a message: the host's messages
  // name the proxy as their source, so that check holds as it does without the watch.
  const source = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'source')!.get!;
  Object.defineProperty(MessageEvent.prototype, 'source', {
    get(this: MessageEvent) {
      const from = source.call(this) as unknown;
      return from === real ? proxy : from;
    },
    configurable: true,
  });
}
