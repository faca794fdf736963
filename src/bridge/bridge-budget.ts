/**
 * The bridge's limits (docs/limits.md#the-bridge), applied to each message from the add-on before it
 * is parsed: the rate first (a flood costs a counter, nothing more), then the size of its JSON text.
 * DOM-free: the host page applies it, and says what it refused in these words, which `addon check`
 * and `openHostPage()` repeat.
 */
import {
  BRIDGE_BURST,
  BRIDGE_PER_SECOND,
  MAX_BRIDGE_MESSAGE_CHARS,
  MAX_JSON_DEPTH,
  MAX_SHOWN_CHARS,
} from '../common/limits.js';
import { jsonLength } from './json-length.js';
import { tokenBucket } from './token-bucket.js';

export type Admission =
  | { ok: true }
  /** Over the rate: neither acted on nor logged; `floodStarts` on the first of a flood, the one a warning stands for. */
  | { ok: false; over: 'rate'; floodStarts: boolean }
  /** Over the size: not acted on; `warning` says its size and the limit. */
  | { ok: false; over: 'size'; warning: string };

export interface BridgeBudget {
  admit(data: unknown): Admission;
}

/** The bridge's rate, in words. */
export const BRIDGE_RATE = `${BRIDGE_PER_SECOND} a second, in bursts of up to ${BRIDGE_BURST}`;

/** A count as a person reads it: 20000 -> "20,000". */
export const sayCount = (n: number): string => n.toLocaleString('en-US');

/** At most `max` characters of `text`, then `…`: a copy of the part shown, never of the rest. */
export const cut = (text: string, max = MAX_SHOWN_CHARS): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The `type` of a message, whether or not it is well formed; '' when it has none. */
export function messageType(data: unknown): string {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : '';
}

/** The first message dropped in a flood, and the rest counted with it. */
export const floodWarning = (type: string): string =>
  `${cut(type) || '(no type)'} and the messages after it are over the bridge's rate (${BRIDGE_RATE}): dropped, and counted`;

/** `now` is real time in ms; the rate is real time by nature (token-bucket.ts says why). */
export function bridgeBudget(now: () => number = () => performance.now()): BridgeBudget {
  const bucket = tokenBucket({ burst: BRIDGE_BURST, perSecond: BRIDGE_PER_SECOND });
  // Between a message refused for the rate and the bucket's being full again: one flood.
  let flooding = false;
  return {
    admit(data) {
      const at = now();
      if (flooding && bucket.full(at)) flooding = false;
      if (!bucket.take(at)) {
        const floodStarts = !flooding;
        flooding = true;
        return { ok: false, over: 'rate', floodStarts };
      }
      const size = jsonLength(data, { limit: MAX_BRIDGE_MESSAGE_CHARS, maxDepth: MAX_JSON_DEPTH });
      if (!size.over) return { ok: true };
      const what = cut(messageType(data)) || 'a message without a type';
      return {
        ok: false,
        over: 'size',
        warning:
          size.over === 'depth'
            ? `${what} nests deeper than ${MAX_JSON_DEPTH} levels (or is cyclic), over the bridge's limit`
            : `${what} of ${sayCount(size.length)} characters or more is over the bridge's size limit of ${sayCount(MAX_BRIDGE_MESSAGE_CHARS)} characters of JSON`,
      };
    },
  };
}
