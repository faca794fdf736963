// The host's end of the postMessage bridge. It trusts a message only when it comes from the add-on
// frame's own window AND the add-on's origin: other frames, popups, extensions and the page itself
// also post to this window. It posts only to the add-on's origin, never '*', because the message
// carries the session token and the frame may have navigated elsewhere. What it trusts passes the
// bridge's limits (src/bridge) before it is parsed: a page can flood or post megabytes, and the
// developer's tab must not freeze for it.
import { bridgeBudget, floodWarning, messageType } from '../../src/bridge/bridge-budget.js';
import { parseAddonMessage, type AddonMessage } from './bridge-messages';
import { tokenPreview } from './format';

export interface MessageLogEntry {
  direction: 'in' | 'out';
  type: string;
  /** As shown in the log; the token is already shortened. */
  payload: unknown;
  /** Set only on incoming messages the host ignored: malformed, or over a limit of the bridge. */
  warning?: string;
  /**
   * The limit of the bridge it broke: `size` (not acted on, its payload not kept), or `rate` (the
   * first message of a flood, which stands for the rest: those are only counted, `onDropped`).
   */
  over?: 'size' | 'rate';
}

export interface BridgeOptions {
  /** The add-on's origin, `new URL(addonUrl).origin`. */
  origin: string;
  /** The current add-on frame, or null while the add-on is closed. */
  frame(): HTMLIFrameElement | null;
  onMessage(message: AddonMessage): void;
  log(entry: MessageLogEntry): void;
  /** A message from another window or origin was dropped. */
  onIgnored(origin: string): void;
  /** A message from the add-on was dropped over the bridge's rate: counted, never logged one by one. */
  onDropped(): void;
  /** `addon dev --strict`: what the platform would not take is malformed. */
  strict: boolean;
}

export interface Bridge {
  post(type: string, payload: unknown): void;
}

export function connectBridge(options: BridgeOptions): Bridge {
  const budget = bridgeBudget();
  window.addEventListener('message', (event: MessageEvent) => {
    const frame = options.frame();
    if (!frame || event.source !== frame.contentWindow || event.origin !== options.origin) {
      options.onIgnored(event.origin);
      return;
    }
    const data: unknown = event.data;
    const admitted = budget.admit(data);
    if (!admitted.ok) {
      const type = messageType(data);
      if (admitted.over === 'rate') options.onDropped();
      if (admitted.over === 'size')
        options.log({ direction: 'in', type, payload: undefined, warning: admitted.warning, over: 'size' });
      else if (admitted.floodStarts)
        options.log({ direction: 'in', type, payload: undefined, warning: floodWarning(type), over: 'rate' });
      return;
    }
    // A message that is not even an object is logged as it came.
    const payload = typeof data === 'object' && data !== null ? (data as { payload?: unknown }).payload : data;
    const parsed = parseAddonMessage(data, { strict: options.strict });
    if (!parsed.ok) {
      // A malformed message is shown and otherwise has no effect.
      options.log({ direction: 'in', type: messageType(data), payload, warning: parsed.warning });
      return;
    }
    options.log({ direction: 'in', type: parsed.message.type, payload });
    options.onMessage(parsed.message);
  });

  return {
    post(type, payload) {
      const target = options.frame()?.contentWindow;
      if (!target) return;
      target.postMessage({ type, payload }, options.origin);
      options.log({ direction: 'out', type, payload: redact(payload) });
    },
  };
}

/** The log is part of the page, and the page never shows a whole token. */
function redact(payload: unknown): unknown {
  if (typeof payload === 'object' && payload !== null && 'token' in payload) {
    const { token } = payload as { token: unknown };
    return { ...payload, token: typeof token === 'string' ? tokenPreview(token) : token };
  }
  return payload;
}
