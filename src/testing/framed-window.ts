/**
 * The test's own window, made to look like an add-on's page in the host's iframe, for `mockHost()`
 * under a DOM test environment (vitest's happy-dom or jsdom): the SDK's `connect()` runs in it
 * unchanged. The host's window is a real Window (an empty iframe's), as `window.parent`, since
 * a MessageEvent's `source` must be one in jsdom; what the add-on posts to it is cloned as postMessage
 * clones, and each side gets the other's messages a moment later, as postMessage delivers them.
 */
import { UserError } from '../common/errors.js';
import { everyStep } from './every-step.js';

export interface FramedWindow {
  /** Posts `data` from the host to the add-on's window (from `hostOrigin`, the host's window as source). */
  post(data: unknown): void;
  /**
   * Puts back what it changed: the parent, the referrer, the address, the message listeners added
   * since; all of it even when one throws, which it then throws.
   */
  restore(): Promise<void>;
}

export interface FramingOptions {
  /** The host page's URL: the add-on's `document.referrer`. */
  hostUrl: string;
  /** The address the add-on's page is at, the session's token in it; of the window's own origin. */
  frameUrl: string;
  /** Called with each message the add-on posts to the host (already cloned). */
  onMessage(data: unknown): void;
}

/**
 * The add-on page's URL (`addonUrl`, default the window's own), once it is sure the test has a window
 * to frame and that URL is of its origin; a UserError otherwise. Called before anything is started.
 */
export function pageToFrame(addonUrl?: string): string {
  if (typeof window === 'undefined' || typeof document === 'undefined')
    throw new UserError(
      'mockHost() needs a DOM: run the test file in happy-dom or jsdom (a first line `// @vitest-environment happy-dom`)',
    );
  const target = urlOf(addonUrl ?? location.href);
  if (target?.origin !== location.origin)
    throw new UserError(
      `mockHost: the add-on's page is this window, at ${location.origin}, not ${addonUrl}: give an addonUrl of that origin, or set the environment's url`,
    );
  return target.href;
}

const urlOf = (text: string): URL | null => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

/** Frames the test's window, whose page `pageToFrame()` checked. */
export function frameWindow(options: FramingOptions): FramedWindow {
  const hostOrigin = new URL(options.hostUrl).origin;
  const host = hostFrame();
  const restores: Array<() => void> = [];
  const take = <T extends object>(object: T, key: string, descriptor: PropertyDescriptor) => {
    const own = Object.getOwnPropertyDescriptor(object, key);
    Object.defineProperty(object, key, { configurable: true, ...descriptor });
    restores.push(() =>
      own ? Object.defineProperty(object, key, own) : delete (object as Record<string, unknown>)[key],
    );
  };

  // postMessage(message, targetOrigin) or postMessage(message, { targetOrigin }); the host's window
  // gets it only for its own origin or '*', as a browser drops the rest unseen.
  take(host.window, 'postMessage', {
    value(message: unknown, targetOrigin: string | { targetOrigin?: string } = '/') {
      const wanted = typeof targetOrigin === 'string' ? targetOrigin : (targetOrigin.targetOrigin ?? '/');
      const data = structuredClone(message);
      const origin = wanted === '*' ? hostOrigin : new URL(wanted === '/' ? location.href : wanted).origin;
      if (origin === hostOrigin) queueMicrotask(() => options.onMessage(data));
    },
  });
  take(window, 'parent', { get: () => host.window });
  take(document, 'referrer', { get: () => options.hostUrl });

  // The message listeners the add-on adds while framed (its bridge's) go with the host.
  const listeners: Array<[EventListenerOrEventListenerObject, boolean | EventListenerOptions | undefined]> = [];
  const add = window.addEventListener;
  take(window, 'addEventListener', {
    value(
      this: Window,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      how?: boolean | AddEventListenerOptions,
    ) {
      if (type === 'message' && listener) listeners.push([listener, how]);
      return add.call(this, type, listener as EventListenerOrEventListenerObject, how);
    },
  });
  restores.push(() => {
    for (const [listener, how] of listeners) window.removeEventListener('message', listener, how);
  });

  const before = { href: location.href, state: history.state as unknown };
  history.replaceState(history.state, '', options.frameUrl);
  restores.push(() => history.replaceState(before.state, '', before.href));
  restores.push(() => host.element.remove());

  return {
    post(data) {
      const cloned = structuredClone(data);
      queueMicrotask(() =>
        window.dispatchEvent(new MessageEvent('message', { data: cloned, origin: hostOrigin, source: host.window })),
      );
    },
    restore: () => everyStep(restores.splice(0).reverse()),
  };
}

/**
 * An empty iframe, outside the body (which component tests empty between tests), hidden. Of an empty
 * `srcdoc`, which happy-dom makes a window for even with its loading of frames' pages off (the default).
 */
function hostFrame(): { element: HTMLIFrameElement; window: Window } {
  const element = document.createElement('iframe');
  element.hidden = true;
  element.srcdoc = '';
  element.dataset.mockHost = '';
  document.documentElement.appendChild(element);
  const frameWindow = element.contentWindow;
  if (!frameWindow) {
    element.remove();
    throw new Error('mockHost: this DOM environment gives an iframe no window');
  }
  return { element, window: frameWindow };
}
