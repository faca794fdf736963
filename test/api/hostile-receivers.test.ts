import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RECEIVER_BODY_KEPT_BYTES } from '../../src/common/limits.js';
import { createHttpTransport, postOnce } from '../../src/webhooks/http-attempt.js';
import { cleanUp, inProcess } from '../helpers.js';
import { HOSTILE_ANSWERS, type HostileAnswer } from '../hostile-answers.js';
import { rawReceiver } from '../raw-receiver.js';

/**
 * Receivers that answer as no receiver should, on bare sockets: each attempt to one ends as a
 * recorded outcome with a reason a person reads, within the webhook timeout, and nothing else breaks
 * (the process, the attempts to other receivers, the memory an attempt holds).
 */
afterEach(cleanUp);

const TIMEOUT_MS = 300;

const timedOut = `timed out after ${TIMEOUT_MS / 1000} s`;

/** What the delivery log records of an attempt to each. */
const OUTCOMES: Record<HostileAnswer, object> = {
  'hangs (reads the request, never answers)': { ok: false, response: null, error: timedOut },
  'answers headers, then never the body': { ok: false, response: null, error: timedOut },
  'streams a body for ever': { ok: true, response: { status: 200, truncated: true } },
  redirects: { ok: false, error: null, response: { status: 307, headers: { location: '/elsewhere' } } },
  "answers headers over Node's limit": {
    ok: false,
    response: null,
    error: "the answer's headers were over 16 KiB, more than is read",
  },
  'answers garbage bytes': {
    ok: false,
    response: null,
    error: expect.stringMatching(/^the answer was not HTTP \(.+\)$/),
  },
  'closes with no answer': { ok: false, response: null, error: 'the connection closed with no answer' },
  'closes in the middle of its answer': {
    ok: false,
    response: null,
    error: 'the connection closed before the whole answer came',
  },
};

describe('a receiver that', () => {
  for (const [name, outcome] of Object.entries(OUTCOMES)) {
    it(`${name}: the attempt is logged with why, and the next receiver is served`, async () => {
      const hostile = await rawReceiver(HOSTILE_ANSWERS[name as HostileAnswer]);
      const healthy = await rawReceiver();
      const em = await inProcess({ webhookTimeoutMs: TIMEOUT_MS });
      await em.listen();
      await em.subscribe('customer.created', hostile.url);
      const { deliveries } = await em.trigger('customer.created');
      expect(deliveries).toHaveLength(1);
      const [attempt] = em.delivery(deliveries[0]!.deliveryId).attempts;
      expect(attempt).toMatchObject(outcome);
      if (attempt!.response?.truncated) expect(attempt!.response.body).toHaveLength(RECEIVER_BODY_KEPT_BYTES);

      await em.subscribe('customer.created', healthy.url);
      expect((await em.trigger('customer.created')).deliveries).toMatchObject([{ status: 'succeeded' }]);
      await hostile.close();
      await healthy.close();
    });
  }

  it('redirects is not followed: the place it names gets nothing', async () => {
    const target = await rawReceiver();
    const hostile = await rawReceiver((socket) =>
      socket.write(`HTTP/1.1 302 Found\r\nlocation: ${target.url}\r\ncontent-length: 0\r\n\r\n`),
    );
    const em = await inProcess({ webhookTimeoutMs: TIMEOUT_MS });
    await em.subscribe('customer.created', hostile.url);
    const { deliveries } = await em.trigger('customer.created');
    expect(deliveries).toMatchObject([{ status: 'pending', attempts: [{ response: { status: 302 } }] }]);
    expect(target.requests).toEqual([]);
    await target.close();
    await hostile.close();
  });
});

describe('any answer at all', () => {
  const http = createHttpTransport();
  afterAll(http.close);

  /**
   * What a receiver writes back: a status line, header lines and a body, each sound or not, the
   * whole perhaps cut short; then it closes the connection, destroys it, or leaves it open.
   */
  const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((b) => Buffer.from(b).toString('latin1'));
  const answer = fc
    .record({
      status: fc.oneof(
        {
          weight: 6,
          arbitrary: fc.constantFrom(
            'HTTP/1.1 200 OK',
            'HTTP/1.1 204 No Content',
            'HTTP/1.0 500 Oops',
            'HTTP/1.1 302 Found',
          ),
        },
        {
          weight: 2,
          arbitrary: fc.constantFrom('HTTP/1.1 999 Nine', 'HTTP/1.1 20 Short', 'HTTP/2 200', 'HTTP/1.1 100 Continue'),
        },
        { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
      ),
      headers: fc.array(
        fc.oneof(
          fc.constantFrom('content-length: 5', 'content-length: 0', 'content-length: -1', 'content-length: 9999'),
          fc.constantFrom('transfer-encoding: chunked', 'connection: close', 'keep-alive: timeout=0', 'location: /x'),
          fc.tuple(fc.stringMatching(/^[a-z-]{1,12}$/), fc.string({ maxLength: 30 })).map(([n, v]) => `${n}: ${v}`),
          bytes(40),
        ),
        { maxLength: 6 },
      ),
      body: fc.oneof(fc.constantFrom('hello', '5\r\nhello\r\n0\r\n\r\n', 'zz\r\n'), bytes(64)),
      cut: fc.option(fc.nat({ max: 200 })),
      then: fc.constantFrom('close', 'destroy', 'hang'),
    })
    .map(({ status, headers, body, cut, then }) => {
      const whole = [status, ...headers].join('\r\n') + '\r\n\r\n' + body;
      return { bytes: cut === null ? whole : whole.slice(0, cut), then };
    });

  it('ends as an outcome with a reason, within the timeout', async () => {
    let written = { bytes: '', then: 'close' };
    const receiver = await rawReceiver((socket) => {
      socket.write(Buffer.from(written.bytes, 'latin1'));
      if (written.then === 'close') socket.end();
      if (written.then === 'destroy') socket.destroy();
    });
    await fc.assert(
      fc.asyncProperty(answer, async (generated) => {
        written = generated;
        const outcome = await postOnce(http.send, {
          url: receiver.url,
          headers: { 'content-type': 'application/json' },
          body: '{}',
          timeoutMs: TIMEOUT_MS,
          cancel: new AbortController().signal,
        });
        // An answer, or a reason none came: one of the two, never both, never neither.
        expect(outcome.response === null).toBe(outcome.error !== null);
        if (outcome.error !== null) expect(outcome.error).toMatch(/^[a-z].{5,}$/);
        else expect(outcome.ok).toBe(outcome.response!.status >= 200 && outcome.response!.status < 300);
        // The timeout and the time to notice it, on a machine shared with other tests.
        expect(outcome.durationMs).toBeLessThan(TIMEOUT_MS + 2000);
      }),
      { numRuns: 60 },
    );
    await receiver.close();
  }, 60_000);
});
