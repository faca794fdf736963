// The live updates of the host page: server-sent events on /_emulator/stream, with the named events
// of src/control/sse.ts (`audit`, `refused`, `delivery`, `subscription-disabled`, `clock`, `parity`,
// `installations`, `coverage`). Every panel listens here instead of polling. The page's tabs share
// one connection (stream-leader.ts); a browser that cannot share gives each tab its own.
import { canShareStream, joinSharedStream } from './stream-leader';
import { connectEventSource, type StreamSink, type StreamState } from './stream-source';
import type { StreamEvents } from './types';

export type { StreamState } from './stream-source';
type Listener<T> = (payload: T) => void;

export interface Stream {
  on<K extends keyof StreamEvents>(name: K, listener: Listener<StreamEvents[K]>): void;
  /** Connection state changes, for the status indicator. */
  onState(listener: Listener<StreamState>): void;
  /**
   * Called when the connection comes back after a break: events sent meanwhile are lost (the stream
   * has no ids to resume from), so listeners re-read what they show.
   */
  onResync(listener: () => void): void;
  /** Opens a new connection after the browser gave up on the old one. */
  reconnect(): void;
}

export const STREAM_URL = '/_emulator/stream';

export function openStream(url = STREAM_URL): Stream {
  const listeners = new Map<keyof StreamEvents, Array<Listener<never>>>();
  const stateListeners: Array<Listener<StreamState>> = [];
  const resyncListeners: Array<() => void> = [];
  // Whether this tab has known the stream live, or down: an opening after that may have missed events.
  let missable = false;

  const setState = (state: StreamState) => {
    if (state !== 'connecting') missable = true;
    stateListeners.forEach((listener) => listener(state));
  };
  const sink: StreamSink = {
    event(name, data) {
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        return void console.warn(`stream: ${name} event with data that is not JSON`);
      }
      for (const listener of listeners.get(name) ?? []) (listener as Listener<unknown>)(payload);
    },
    state: setState,
    opened() {
      const again = missable;
      setState('live');
      if (again) resyncListeners.forEach((listener) => listener());
    },
  };

  const connection = canShareStream() ? joinSharedStream(url, sink) : connectEventSource(url, sink);
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<never>]);
    },
    onState: (listener) => void stateListeners.push(listener),
    onResync: (listener) => void resyncListeners.push(listener),
    reconnect: () => connection.reconnect(),
  };
}
