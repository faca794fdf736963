// The host's end of the postMessage bridge. It trusts a message only when it comes from the add-on
// frame's own window AND the add-on's origin: other frames, popups, extensions and the page itself
// also post to this window. It posts only to the add-on's origin, never '*', because the message
// carries the session token and the frame may have navigated elsewhere. What it trusts passes the
// bridge's limits and the contract's checks (src/bridge/host-intake.ts): a page can flood or post
// megabytes, and the developer's tab must not freeze for it.
import type { AddonMessage } from '../../src/bridge/addon-messages.js';
import { hostIntake, sentEntry, type MessageLogEntry } from '../../src/bridge/host-intake.js';

export type { MessageLogEntry } from '../../src/bridge/host-intake.js';

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
  const take = hostIntake({ strict: options.strict });
  window.addEventListener('message', (event: MessageEvent) => {
    const frame = options.frame();
    if (!frame || event.source !== frame.contentWindow || event.origin !== options.origin) {
      options.onIgnored(event.origin);
      return;
    }
    const { entry, message, dropped } = take(event.data);
    if (dropped) options.onDropped();
    if (entry) options.log(entry);
    if (message) options.onMessage(message);
  });

  return {
    post(type, payload) {
      const target = options.frame()?.contentWindow;
      if (!target) return;
      target.postMessage({ type, payload }, options.origin);
      options.log(sentEntry(type, payload));
    },
  };
}
