/**
 * What `addon check` sees inside the add-on's frame: runs there before the add-on's own scripts
 * (a Playwright init script, in every frame; it acts only in a frame of the add-on's origin) and
 * reports through a binding. Self-contained: Playwright sends its source to the browser.
 *
 * - uncaught exceptions, unhandled rejections and console errors;
 * - each message posted to the host, with its targetOrigin. `window.parent` is replaceable, so it
 *   becomes a proxy whose postMessage notes the call and passes it on (a message sent through
 *   `window.top`, which cannot be replaced, goes unseen, and an add-on that compares a message's
 *   source with `window.top` rather than `window.parent` would take the host's for a stranger's).
 */
export interface FrameEvent {
  kind: 'exception' | 'console' | 'post';
  message?: string;
  type?: string;
  targetOrigin?: string;
}

export function watchAddonFrame({ binding, origin }: { binding: string; origin: string }): void {
  if (window === window.top || location.origin !== origin) return;
  const report = (event: FrameEvent) => {
    const send = (window as unknown as Record<string, (e: FrameEvent) => Promise<void>>)[binding];
    void send?.(event);
  };
  addEventListener('error', (e) => report({ kind: 'exception', message: String(e.message || e.error) }));
  addEventListener('unhandledrejection', (e) =>
    report({ kind: 'exception', message: `unhandled rejection: ${String(e.reason)}` }),
  );
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    report({ kind: 'console', message: args.map(String).join(' ') });
    error(...args);
  };
  const real = window.parent;
  const post = (message: unknown, options?: string | WindowPostMessageOptions, transfer?: Transferable[]) => {
    const targetOrigin = typeof options === 'string' ? options : (options?.targetOrigin ?? '/');
    const type = typeof (message as { type?: unknown })?.type === 'string' ? (message as { type: string }).type : '';
    report({ kind: 'post', type, targetOrigin });
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
