// openHostPage()'s record of the host page (src/testing/host-log.ts): bounded logs of messages and
// toasts that still count every message, so that a `since` index means what it did, and the counts
// of what the host dropped over the bridge's limits.
import { describe, expect, it } from 'vitest';
import { createHostLog, type BridgeMessage, type HostEntry } from '../../src/testing/host-log.js';
import { MESSAGE_LOG_KEEP } from '../../src/common/limits.js';

const notify = (n: number): HostEntry => ({
  kind: 'message',
  direction: 'in',
  type: 'service:notify',
  payload: { message: `Message ${n}`, level: 'success' },
  warning: null,
});
const numberOf = (m: BridgeMessage) => Number(String((m.payload as { message: string }).message).split(' ')[1]);

describe('createHostLog', () => {
  it('keeps the newest messages and toasts, counting every message and what went', () => {
    const log = createHostLog();
    for (let i = 0; i < MESSAGE_LOG_KEEP + 100; i++)
      log.add([notify(i), { kind: 'toast', message: `Message ${i}`, level: 'success' }]);
    expect(log.messages.total).toBe(MESSAGE_LOG_KEEP + 100);
    expect(log.messages.items()).toHaveLength(MESSAGE_LOG_KEEP);
    expect(numberOf(log.messages.items()[0]!)).toBe(100);
    expect(log.toasts.items()).toHaveLength(MESSAGE_LOG_KEEP);
    expect(log.toasts.items()[0]).toEqual({ message: 'Message 100', level: 'success' });
    expect(log.dropped()).toEqual({ overRate: 0, overSize: 0, outOfLog: 100 });
  });

  it('adds up what the host dropped over the rate, and counts what it ignored for its size', () => {
    const log = createHostLog();
    log.add([{ kind: 'dropped', overRate: 150 }, notify(1)]);
    log.add([
      { kind: 'dropped', overRate: 19_000 },
      {
        kind: 'message',
        direction: 'in',
        type: 'service:notify',
        payload: undefined,
        warning: 'too big',
        over: 'size',
      },
    ]);
    expect(log.dropped()).toEqual({ overRate: 19_150, overSize: 1, outOfLog: 0 });
    expect(log.messages.items()[1]).toEqual({
      direction: 'in',
      type: 'service:notify',
      payload: undefined,
      warning: 'too big',
      over: 'size',
    });
  });

  it('finds a message from an index on, whether the index is still kept, gone, or yet to come', async () => {
    const log = createHostLog(10);
    for (let i = 0; i < 25; i++) log.add([notify(i)]);
    const even = (m: BridgeMessage) => numberOf(m) % 2 === 0;
    expect(numberOf(await log.next(even, 20, 1000))).toBe(20);
    // Gone from the log: the first kept one after it.
    expect(numberOf(await log.next(even, 3, 1000))).toBe(16);
    // Yet to come: neither one already seen, nor one before the index.
    const waiting = log.next(() => true, 27, 5000);
    log.add([notify(25), notify(26)]);
    log.add([notify(27)]);
    expect(numberOf(await waiting)).toBe(27);
    await expect(log.next(() => false, 0, 10)).rejects.toThrow('timeout');
  });
});
