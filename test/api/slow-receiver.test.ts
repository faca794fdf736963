import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Timers } from '../../src/common/clock.js';
import type { ParityWarning } from '../../src/parity/parity-log.js';
import { createHttpTransport } from '../../src/webhooks/http-attempt.js';
import { addonInProcess } from '../cli-in-process.js';
import { cleanUp, inProcess, type InProcessEmulator } from '../helpers.js';

afterEach(cleanUp);

/**
 * The real-time side of the emulator run by hand: `pass(ms)` lets time go by, and the waits that fall
 * due in it end, in order, as they would have.
 */
function handTime() {
  let now = 0;
  let last = 0;
  const armed = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    now: () => now,
    set(callback, ms) {
      armed.set(++last, { at: now + ms, callback });
      return last;
    },
    clear: (handle) => void armed.delete(handle as number),
  };
  const pass = (ms: number) => {
    now += ms;
    const due = [...armed].filter(([, wait]) => wait.at <= now).sort(([, a], [, b]) => a.at - b.at);
    for (const [handle, wait] of due) {
      armed.delete(handle);
      wait.callback();
    }
  };
  return { timers, pass };
}

/**
 * An emulator whose webhook receiver (its own inbox) takes `answersAfterMs` to answer: the time
 * passes on the injected timers as the request goes out, so the attempt measures it, and the
 * attempt's timeout falls due in it if it is the shorter, without the test waiting for either.
 */
async function slowReceiver(answersAfterMs: number, webhookTimeoutMs?: number) {
  const time = handTime();
  const http = createHttpTransport();
  const em = await inProcess({
    webhookTimeoutMs,
    timers: time.timers,
    webhookTransport: (url, request) => {
      time.pass(answersAfterMs);
      return http.send(url, request);
    },
  });
  onTestFinished(http.close);
  await em.listen();
  const { token } = await em.token();
  const subscription = { event: 'customer.created', webhookUrl: `${em.url}/inbox/slow` };
  expect((await em.call('POST', 'events/subscribe', { token, body: subscription })).status).toBe(201);
  const said: ParityWarning[] = [];
  em.parity.onWarning((warning) => said.push(warning));
  // Through `addon trigger`, which waits for the first attempt of each delivery and prints them.
  const trigger = async () => {
    const run = await addonInProcess(['trigger', 'customer.created', '--json', '--emulator', em.url]);
    expect(run.exitCode, run.stderr).toBe(0);
    return JSON.parse(run.stdout);
  };
  return { em, said, trigger };
}

/** The subscription to an http: URL has a warning of its own. */
const slowWarnings = (em: InProcessEmulator) =>
  em.parity.list().filter((warning) => warning.kind === 'slow-webhook-receiver');

describe('parity: a receiver slower than the platform waits', () => {
  it('is served under a longer webhook timeout, and said once', async () => {
    const { em, said, trigger } = await slowReceiver(10_200, 15_000);
    for (let i = 0; i < 2; i++) {
      const { deliveries } = await trigger();
      expect(deliveries).toMatchObject([{ status: 'succeeded', attempts: [{ ok: true, durationMs: 10_200 }] }]);
    }
    // Said once (what `addon dev` prints), counted twice.
    expect(said.map(({ kind, message }) => ({ kind, message }))).toEqual([
      {
        kind: 'slow-webhook-receiver',
        message: 'a webhook receiver answered after 10.2 s; the platform gives up after 10 s (spec 8) and retries',
      },
    ]);
    expect(slowWarnings(em)).toMatchObject([{ count: 2 }]);
  });

  it("times out at the platform's 10 s by default, with nothing to say", async () => {
    const { em, said, trigger } = await slowReceiver(10_200);
    const { deliveries } = await trigger();
    expect(deliveries).toMatchObject([
      { status: 'pending', attempts: [{ ok: false, error: 'timed out after 10 s', response: null }] },
    ]);
    expect(said).toEqual([]);
    expect(slowWarnings(em)).toEqual([]);
  });
});
