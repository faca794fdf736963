// The add-on's end of the postMessage bridge (spec 4.2, payloads as in docs/host-page.md). Messages
// are `{type, payload}`. They go to the host's origin only, never '*' (the context carries the
// session token), and a message counts only when it comes from the parent window AND the host's
// origin: other frames, popups and extensions post to this window too.
import { BridgeTimeoutError } from './errors.js';
import type { NotifyLevel, ServiceContext } from './types.js';

export const NOTIFY_LEVELS: readonly NotifyLevel[] = ['success', 'warning', 'error', 'info'];

/** How long `ready()` waits for `service:context` unless told otherwise. */
export const DEFAULT_READY_TIMEOUT_MS = 10_000;

export interface BridgeOptions {
  /**
   * The host page's origin: where messages are posted and the only origin whose messages are
   * accepted. Default: the origin of `document.referrer` (the host that loaded the frame), else
   * `location.ancestorOrigins[0]` where the browser has it.
   */
  hostOrigin?: string;
}

export interface ReadyOptions {
  /** Milliseconds to wait for `service:context`; default 10000; `0` waits forever. */
  timeoutMs?: number;
}

export interface Bridge {
  /** The origin messages go to and come from. */
  readonly hostOrigin: string;
  /** The last `service:context` received, or null. */
  readonly context: ServiceContext | null;
  /**
   * Sends `service:ready` and resolves with the host's `service:context`. Calling it again while it
   * waits, or after it resolved, returns the same promise; after a rejection it asks again.
   */
  ready(options?: ReadyOptions): Promise<ServiceContext>;
  /** `service:navigate`: moves the host to an in-app path, which must start with `/`. */
  navigate(path: string): void;
  /**
   * `service:notify`: a toast in the host; level `success` unless given. The spec shows success,
   * warning and error; `info` is the emulator's own, and it warns of it (docs/parity.md).
   */
  notify(message: string, level?: NotifyLevel): void;
  /** `service:close`: closes the add-on. */
  close(): void;
  /** `service:resize`: sets the frame's height in CSS pixels (the host clamps it to 100–5000). */
  resize(height: number): void;
  /**
   * Keeps the frame as high as `element` (default: the whole document), with a ResizeObserver;
   * sends `service:resize` whenever its height changes (only once where there is no ResizeObserver,
   * as in jsdom). Returns a function that stops it.
   */
  autoResize(element?: Element): () => void;
  /** Stops listening for messages and every auto-resize. */
  destroy(): void;
}

/** The host's origin as the frame sees it; throws when it cannot be told. */
export function defaultHostOrigin(): string {
  if (typeof document !== 'undefined' && document.referrer) {
    try {
      return new URL(document.referrer).origin;
    } catch {
      // fall through
    }
  }
  const ancestors = typeof location !== 'undefined' ? location.ancestorOrigins : undefined;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== 'null') return ancestors[0];
  throw new Error(
    'cannot tell the host page origin: document.referrer is empty; pass createBridge({ hostOrigin }) or connect({ hostOrigin })',
  );
}

export function createBridge(options: BridgeOptions = {}): Bridge {
  const hostOrigin = options.hostOrigin ? new URL(options.hostOrigin).origin : defaultHostOrigin();
  const parentWindow = window.parent;
  const inFrame = parentWindow !== window;
  let context: ServiceContext | null = null;
  let pending: Promise<ServiceContext> | null = null;
  const waiters = new Set<(context: ServiceContext) => void>();
  const stops = new Set<() => void>();

  const onMessage = (event: MessageEvent) => {
    if (event.source !== parentWindow || event.origin !== hostOrigin) return;
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== 'service:context') return;
    const received = parseContext((data as { payload?: unknown }).payload);
    if (!received) return;
    context = received;
    for (const resolve of waiters) resolve(received);
    waiters.clear();
  };
  window.addEventListener('message', onMessage);

  const send = (type: string, payload?: unknown) => {
    parentWindow.postMessage(payload === undefined ? { type } : { type, payload }, hostOrigin);
  };

  const resize = (height: number) => {
    if (typeof height !== 'number' || !Number.isFinite(height)) {
      throw new TypeError(`resize(height): height must be a finite number of pixels (got ${String(height)})`);
    }
    send('service:resize', { height: Math.ceil(height) });
  };

  return {
    hostOrigin,
    get context() {
      return context;
    },

    ready({ timeoutMs = DEFAULT_READY_TIMEOUT_MS }: ReadyOptions = {}) {
      if (pending) return pending;
      if (!inFrame) {
        return Promise.reject(
          new Error('bridge.ready(): this page is not inside a frame; the host page loads add-ons in an iframe'),
        );
      }
      const attempt = new Promise<ServiceContext>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const done = (received: ServiceContext) => {
          if (timer !== undefined) clearTimeout(timer);
          resolve(received);
        };
        waiters.add(done);
        if (timeoutMs > 0) {
          timer = setTimeout(() => {
            waiters.delete(done);
            pending = null;
            reject(
              new BridgeTimeoutError(
                `no service:context from ${hostOrigin} within ${timeoutMs} ms after service:ready: ` +
                  'is the add-on open in the host page, and is that the host origin?',
              ),
            );
          }, timeoutMs);
        }
      });
      pending = attempt;
      send('service:ready');
      return attempt;
    },

    navigate(path) {
      if (typeof path !== 'string' || !path.startsWith('/')) {
        throw new TypeError(`navigate(path): path must be a string starting with "/" (got ${JSON.stringify(path)})`);
      }
      send('service:navigate', { path });
    },

    notify(message, level = 'success') {
      if (typeof message !== 'string' || message.trim() === '') {
        throw new TypeError('notify(message): message must be a non-empty string');
      }
      if (!NOTIFY_LEVELS.includes(level)) {
        throw new TypeError(
          `notify(message, level): level must be one of ${NOTIFY_LEVELS.join(', ')} (got ${JSON.stringify(level)})`,
        );
      }
      send('service:notify', { message, level });
    },

    close() {
      send('service:close');
    },

    resize,

    autoResize(element = document.documentElement) {
      let last = -1;
      const measure = () => {
        const height = Math.ceil(element.getBoundingClientRect().height);
        if (height === last) return;
        last = height;
        resize(height);
      };
      // Every browser has ResizeObserver; jsdom (a component's unit test) has none and lays nothing
      // out, so there the height is sent once rather than the component failing to mount.
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      observer?.observe(element);
      measure();
      const stop = () => {
        observer?.disconnect();
        stops.delete(stop);
      };
      stops.add(stop);
      return stop;
    },

    destroy() {
      window.removeEventListener('message', onMessage);
      for (const stop of [...stops]) stop();
      waiters.clear();
    },
  };
}

/** A `service:context` payload, or null when it is not `{orgId, userId, token, scopes}`. */
function parseContext(payload: unknown): ServiceContext | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { orgId, userId, token, scopes } = payload as Record<string, unknown>;
  if (typeof orgId !== 'string' || typeof userId !== 'string' || typeof token !== 'string') return null;
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) return null;
  return { orgId, userId, token, scopes: [...scopes] };
}
