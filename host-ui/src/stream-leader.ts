// One stream for every tab of the host page. A browser keeps at most six HTTP/1.1 connections to a
// host, and a stream holds one for as long as its tab is open: with a stream a tab, the seventh tab
// never loaded. So the tabs elect a leader with a Web Lock: the tab holding it owns the EventSource
// and relays what it tells over a BroadcastChannel; when that tab goes, the browser gives the lock
// to another, which connects again. Both the lock and the channel are the page's origin's alone.
import { readChannelMessage, type ChannelMessage } from './stream-channel';
import { connectEventSource, type Connection, type StreamSink, type StreamState } from './stream-source';

/** The lock's name and the channel's. */
const SHARED_STREAM = 'addon-dev-stream';

/** Whether this browser can share the stream between tabs (Web Locks need a secure context). */
export const canShareStream = (): boolean => typeof BroadcastChannel === 'function' && !!globalThis.navigator?.locks;

/** This tab's share of the stream, told to `sink` as its own connection would tell it. */
export function joinSharedStream(url: string, sink: StreamSink): Connection {
  const channel = new BroadcastChannel(SHARED_STREAM);
  const post = (message: ChannelMessage) => channel.postMessage(message);
  let led: Connection | null = null;
  let leaderState: StreamState = 'connecting';

  // The leader tells its own tab and, through the channel, every other.
  const relay: StreamSink = {
    event(name, data) {
      sink.event(name, data);
      post({ kind: 'event', name, data });
    },
    state(state) {
      leaderState = state;
      sink.state(state);
      post({ kind: 'state', state });
    },
    opened() {
      leaderState = 'live';
      sink.opened();
      post({ kind: 'open' });
    },
  };

  channel.addEventListener('message', ({ data }) => {
    const message = readChannelMessage(data);
    if (!message) return void console.warn('stream: a channel message not of the shared stream’s shape was ignored');
    switch (message.kind) {
      case 'event':
        return sink.event(message.name, message.data);
      case 'state':
        return sink.state(message.state);
      case 'open':
        return sink.opened();
      case 'hello':
        if (led) post({ kind: 'state', state: leaderState });
        return;
      case 'reconnect':
        return led?.reconnect();
    }
  });
  post({ kind: 'hello' });

  // Held until this tab goes: the promise never settles.
  void navigator.locks.request(SHARED_STREAM, () => {
    led = connectEventSource(url, relay);
    return new Promise<never>(() => {});
  });

  return { reconnect: () => (led ? led.reconnect() : post({ kind: 'reconnect' })) };
}
