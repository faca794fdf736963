import type { BridgeMessage, HostMessages } from './host-log.js';

/**
 * Waits for what an add-on asks of its host, as `HostPage` and `MockHost` both have them, so a test
 * moves between the two unchanged. Each resolves with the first such message from `since` on (default:
 * the start) that the host acted on (one it ignored as malformed is no notify), now or when it comes,
 * and fails like `messages.waitFor`.
 */
export interface HostWaits {
  /** A `service:notify`, of `level` if given (one without a level is shown as `info`). */
  waitForNotify(level?: string, options?: WaitOptions): Promise<BridgeMessage>;
  /** A `service:navigate`, to `path` if given. */
  waitForNavigate(path?: string, options?: WaitOptions): Promise<BridgeMessage>;
  waitForResize(options?: WaitOptions): Promise<BridgeMessage>;
  waitForClose(options?: WaitOptions): Promise<BridgeMessage>;
}

export interface WaitOptions {
  since?: number;
  timeoutMs?: number;
}

type Payload = { level?: unknown; path?: unknown } | undefined;

export function hostWaits(waitFor: HostMessages['waitFor']): HostWaits {
  const taken = (type: string, accepts: (payload: Payload) => boolean, options?: WaitOptions) =>
    waitFor(type, (m) => m.direction === 'in' && m.warning === null && accepts(m.payload as Payload), options);
  return {
    waitForNotify: (level, options) =>
      taken('service:notify', (payload) => level === undefined || (payload?.level ?? 'info') === level, options),
    waitForNavigate: (path, options) =>
      taken('service:navigate', (payload) => path === undefined || payload?.path === path, options),
    waitForResize: (options) => taken('service:resize', () => true, options),
    waitForClose: (options) => taken('service:close', () => true, options),
  };
}
