// The host page's connection to the emulator's live events: one EventSource on /_emulator/stream,
// with the named events of src/control/sse.ts. It tells a sink what happens; the sink is this tab's
// listeners, and with tabs sharing one stream (stream-leader.ts) the other tabs too.
import type { StreamEvents } from './types';

export type StreamState = 'connecting' | 'live' | 'down';
export type StreamEventName = keyof StreamEvents;

export const STREAM_EVENT_NAMES: readonly StreamEventName[] = [
  'audit',
  'refused',
  'delivery',
  'subscription-disabled',
  'clock',
  'parity',
  'installations',
  'coverage',
];

/** Where a connection's happenings go. An event's data is its JSON text, parsed by whoever uses it. */
export interface StreamSink {
  event(name: StreamEventName, data: string): void;
  /** `connecting` and `down`; `live` is told by `opened`. */
  state(state: StreamState): void;
  /** The connection opened (again): from now on nothing is missed. */
  opened(): void;
}

export interface Connection {
  /** Opens a new connection, closing the old one (after the browser gave up on it, say). */
  reconnect(): void;
}

export function connectEventSource(url: string, sink: StreamSink): Connection {
  let source: EventSource | null = null;
  const connect = () => {
    source?.close();
    const current = new EventSource(url);
    source = current;
    sink.state('connecting');
    current.addEventListener('open', () => sink.opened());
    // The browser retries by itself after a dropped connection (CONNECTING); it gives up for good
    // on an HTTP error or a wrong content type (CLOSED), e.g. an emulator without this route.
    current.addEventListener('error', () =>
      sink.state(current.readyState === EventSource.CLOSED ? 'down' : 'connecting'),
    );
    for (const name of STREAM_EVENT_NAMES)
      current.addEventListener(name, (event) => sink.event(name, (event as MessageEvent<string>).data));
  };
  connect();
  return { reconnect: connect };
}
