// What the host page's tabs say to each other about the one stream they share (stream-leader.ts),
// over a BroadcastChannel. The channel is same-origin by nature, but a message is still checked for
// its shape and size before a tab acts on it: only what the leader would send is taken.
import { MAX_STREAM_RELAY_CHARS } from '../../src/common/limits.js';
import { STREAM_EVENT_NAMES, type StreamEventName, type StreamState } from './stream-source';

export type ChannelMessage =
  /** The leader relays an event of its stream, as the JSON text it came as. */
  | { kind: 'event'; name: StreamEventName; data: string }
  /** The leader's connection is connecting, down or (to a tab that asked) live. */
  | { kind: 'state'; state: StreamState }
  /** The leader's connection opened (again). */
  | { kind: 'open' }
  /** A tab that just opened asks the leader how its connection is. */
  | { kind: 'hello' }
  /** A tab's retry button, when the stream is down: the leader opens a new connection. */
  | { kind: 'reconnect' };

const STATES: readonly unknown[] = ['connecting', 'live', 'down'] satisfies StreamState[];
const NAMES: readonly unknown[] = STREAM_EVENT_NAMES;

/** The message as the leader would send it, else null. */
export function readChannelMessage(value: unknown): ChannelMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  switch (message.kind) {
    case 'event':
      return NAMES.includes(message.name) &&
        typeof message.data === 'string' &&
        message.data.length <= MAX_STREAM_RELAY_CHARS
        ? { kind: 'event', name: message.name as StreamEventName, data: message.data }
        : null;
    case 'state':
      return STATES.includes(message.state) ? { kind: 'state', state: message.state as StreamState } : null;
    case 'open':
    case 'hello':
    case 'reconnect':
      return { kind: message.kind };
    default:
      return null;
  }
}
