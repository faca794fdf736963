/**
 * What the host does with each message the add-on's window posts it, once it knows the message is
 * from that window and origin: the bridge's limits (bridge-budget.ts) first, then the contract's
 * checks (addon-messages.ts), and the entry its message log shows for it. DOM-free: the host page
 * (host-ui/src/bridge.ts) and mockHost() (src/testing) take messages with it, so both act on the
 * same messages and warn of the others in the same words.
 */
import { parseAddonMessage, type AddonMessage } from './addon-messages.js';
import { bridgeBudget, floodWarning, messageType } from './bridge-budget.js';

/** One line of the host's message log. */
export interface MessageLogEntry {
  direction: 'in' | 'out';
  type: string;
  /** As shown in the log; the token is already shortened. */
  payload: unknown;
  /** Set only on incoming messages the host ignored: malformed, or over a limit of the bridge. */
  warning?: string;
  /**
   * The limit of the bridge it broke: `size` (not acted on, its payload not kept), or `rate` (the
   * first message of a flood, which stands for the rest: those are only counted, `dropped`).
   */
  over?: 'size' | 'rate';
}

/** What became of one message: its log entry (none for a flood's later ones), the message to act on. */
export interface Taken {
  entry: MessageLogEntry | null;
  message: AddonMessage | null;
  /** Dropped over the bridge's rate: counted, never logged one by one. */
  dropped: boolean;
}

/** `strict`: what the platform would not take is malformed too (`addon dev --strict`). */
export function hostIntake({ strict }: { strict: boolean }): (data: unknown) => Taken {
  const budget = bridgeBudget();
  return (data) => {
    const admitted = budget.admit(data);
    if (!admitted.ok) {
      const type = messageType(data);
      const dropped = admitted.over === 'rate';
      if (admitted.over === 'size')
        return {
          entry: { direction: 'in', type, payload: undefined, warning: admitted.warning, over: 'size' },
          message: null,
          dropped,
        };
      if (admitted.floodStarts)
        return {
          entry: { direction: 'in', type, payload: undefined, warning: floodWarning(type), over: 'rate' },
          message: null,
          dropped,
        };
      return { entry: null, message: null, dropped };
    }
    // A message that is not even an object is logged as it came.
    const payload = typeof data === 'object' && data !== null ? (data as { payload?: unknown }).payload : data;
    const parsed = parseAddonMessage(data, { strict });
    // A malformed message is shown and otherwise has no effect.
    if (!parsed.ok)
      return {
        entry: { direction: 'in', type: messageType(data), payload, warning: parsed.warning },
        message: null,
        dropped: false,
      };
    return { entry: { direction: 'in', type: parsed.message.type, payload }, message: parsed.message, dropped: false };
  };
}

/** The log entry of a message the host sent: the log is shown, and a token is never shown whole. */
export function sentEntry(type: string, payload: unknown): MessageLogEntry {
  if (typeof payload === 'object' && payload !== null && 'token' in payload) {
    const { token } = payload as { token: unknown };
    return {
      direction: 'out',
      type,
      payload: { ...payload, token: typeof token === 'string' ? tokenPreview(token) : token },
    };
  }
  return { direction: 'out', type, payload };
}

/** Tokens are never shown whole (spec 5.1: not shown to end users). */
export function tokenPreview(token: string): string {
  return `${token.slice(0, 12)}…`;
}
