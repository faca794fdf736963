// The one live connection to the emulator: server-sent events on /_emulator/stream, with the named
// events of src/control/sse.ts (`audit`, `refused`, `delivery`, `subscription-disabled`, `clock`,
// `parity`, `installations`, `coverage`). Every panel listens here instead of polling.
import type { StreamEvents } from './types';

export type StreamState = 'connecting' | 'live' | 'down';
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
const NAMES: Array<keyof StreamEvents> = [
  'audit',
  'refused',
  'delivery',
  'subscription-disabled',
  'clock',
  'parity',
  'installations',
  'coverage',
];

export function openStream(url = STREAM_URL): Stream {
  const listeners = new Map<keyof StreamEvents, Array<Listener<never>>>();
  const stateListeners: Array<Listener<StreamState>> = [];
  const resyncListeners: Array<() => void> = [];
  let source: EventSource | null = null;
  let openedBefore = false;

  const setState = (state: StreamState) => stateListeners.forEach((listener) => listener(state));

  const connect = () => {
    source?.close();
    const current = new EventSource(url);
    source = current;
    setState('connecting');
    current.addEventListener('open', () => {
      setState('live');
      if (openedBefore) resyncListeners.forEach((listener) => listener());
      openedBefore = true;
    });
    // The browser retries by itself after a dropped connection (CONNECTING); it gives up for good
    // on an HTTP error or a wrong content type (CLOSED), e.g. an emulator without this route.
    current.addEventListener('error', () =>
      setState(current.readyState === EventSource.CLOSED ? 'down' : 'connecting'),
    );
    for (const name of NAMES) {
      current.addEventListener(name, (event) => {
        let payload: unknown;
        try {
          payload = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          console.warn(`stream: ${name} event with data that is not JSON`, event);
          return;
        }
        for (const listener of listeners.get(name) ?? []) (listener as Listener<unknown>)(payload);
      });
    }
  };

  connect();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<never>]);
    },
    onState: (listener) => void stateListeners.push(listener),
    onResync: (listener) => void resyncListeners.push(listener),
    reconnect: () => {
      openedBefore = true; // whatever was missed while down must be re-read
      connect();
    },
  };
}
