import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/create-emulator.js';
import {
  createReplayGuard,
  isEvent,
  parseWebhook,
  signWebhook,
  verifyWebhookSignature,
  webhookHandler,
  WebhookVerificationError,
  type WebhookEvent,
  type WebhookRejection,
} from '../../src/sdk/webhooks/index.js';
import { cleanUp } from '../helpers.js';
import { signatureVectors, type SignatureVector } from '../signature-vectors.js';

const [paid, created] = signatureVectors;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  await cleanUp();
});

const headersOf = (vector: SignatureVector, extra: Record<string, string> = {}) => ({
  'x-service-signature': vector.header,
  'x-service-event': JSON.parse(vector.body).event,
  'x-service-app': vector.appId,
  'x-service-delivery-attempt': '1',
  ...extra,
});

function rejection(run: () => unknown): WebhookRejection {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as WebhookVerificationError).reason;
  }
  throw new Error('expected a WebhookVerificationError');
}

describe('parseWebhook with the known-answer vectors', () => {
  it('has vectors to check', () => expect(signatureVectors.length).toBeGreaterThanOrEqual(2));

  it.each(signatureVectors.map((v) => [v.appId, v] as const))(
    'verifies %s from a string and a Buffer',
    (_id, vector) => {
      expect(verifyWebhookSignature(vector.body, vector.header, vector.appId)).toBe(true);
      const fromString = parseWebhook(vector.body, headersOf(vector), { appId: vector.appId });
      const fromBuffer = parseWebhook(Buffer.from(vector.body, 'utf8'), headersOf(vector), { appId: vector.appId });
      expect(fromBuffer).toEqual(fromString);
      const { event, data, organizationId, timestamp, deliveryId } = JSON.parse(vector.body);
      expect(fromString).toEqual({
        event,
        data,
        organizationId,
        timestamp,
        deliveryId,
        attempt: 1,
        appId: vector.appId,
      });
    },
  );

  it('types invoice.paid', () => {
    const event = parseWebhook(paid.body, headersOf(paid, { 'x-service-delivery-attempt': '3' }), {
      appId: paid.appId,
    });
    expect(isEvent(event, 'invoice.paid')).toBe(true);
    expect(isEvent(event, 'customer.created')).toBe(false);
    if (!isEvent(event, 'invoice.paid')) return;
    const amount: number = event.data.paidAmount;
    const number: string = event.data.invoiceNumber;
    expect([amount, number, event.attempt]).toEqual([1200.5, 'INV-0001', 3]);
  });

  it('keeps non-ASCII text as sent', () => {
    const event = parseWebhook(Buffer.from(created.body), headersOf(created), { appId: created.appId });
    expect(isEvent(event, 'customer.created') && event.data.name).toBe('Zoë & Co');
  });

  it('finds headers in any case, and takes the first of repeated ones', () => {
    const headers = { 'X-Service-Signature': [paid.header, 'sha256=00'], 'X-Service-App': paid.appId };
    expect(parseWebhook(paid.body, headers, { appId: paid.appId }).deliveryId).toBe(
      '3f1c2a9e-8b7d-4c55-9a21-6e0f4b2d7c10',
    );
  });
});

describe('parseWebhook refuses', () => {
  const appId = paid.appId;

  it('a delivery without a signature', () => {
    const { 'x-service-signature': _omit, ...headers } = headersOf(paid);
    expect(rejection(() => parseWebhook(paid.body, headers, { appId }))).toBe('missing_signature');
  });

  it('a tampered body or signature, and a re-serialised body', () => {
    const tampered = paid.body.replace('"paidAmount":1200.5', '"paidAmount":1');
    expect(rejection(() => parseWebhook(tampered, headersOf(paid), { appId }))).toBe('bad_signature');
    const reserialised = JSON.stringify(JSON.parse(paid.body), null, 2);
    expect(rejection(() => parseWebhook(reserialised, headersOf(paid), { appId }))).toBe('bad_signature');
    const wrongSig = headersOf(paid, { 'x-service-signature': paid.header.replace(/.$/, '0') });
    expect(rejection(() => parseWebhook(paid.body, wrongSig, { appId }))).toBe('bad_signature');
  });

  it('a delivery for another add-on, named or signed', () => {
    expect(rejection(() => parseWebhook(paid.body, headersOf(paid), { appId: created.appId }))).toBe('wrong_app');
    const { 'x-service-app': _omit, ...unnamed } = headersOf(paid);
    expect(rejection(() => parseWebhook(paid.body, unnamed, { appId: created.appId }))).toBe('bad_signature');
  });

  it('a signed body that is not an envelope, or whose typed data is wrong', () => {
    const signed = (body: string) => ({ 'x-service-signature': signWebhook(body, appId) });
    const envelope = JSON.parse(paid.body);
    for (const body of [
      'not json',
      '[1]',
      JSON.stringify({ ...envelope, deliveryId: undefined }),
      JSON.stringify({ ...envelope, data: 'x' }),
      JSON.stringify({ ...envelope, data: { ...envelope.data, paidAmount: '1200.50' } }),
    ])
      expect(
        rejection(() => parseWebhook(body, signed(body), { appId })),
        body,
      ).toBe('malformed_body');
    const invalidUtf8 = Buffer.from([0x7b, 0xff, 0x7d]);
    const invalidSigned = { 'x-service-signature': signWebhook(invalidUtf8, appId) };
    expect(rejection(() => parseWebhook(invalidUtf8, invalidSigned, { appId }))).toBe('malformed_body');
    const other = JSON.stringify({ ...envelope, event: 'ticket.closed', data: { anything: 1 } });
    expect(parseWebhook(other, signed(other), { appId }).data).toEqual({ anything: 1 });
  });

  it('a deliveryId the replay guard has seen, until it is released', () => {
    const replayGuard = createReplayGuard();
    const options = { appId, replayGuard };
    parseWebhook(paid.body, headersOf(paid), options);
    const retry = headersOf(paid, { 'x-service-delivery-attempt': '2' });
    expect(rejection(() => parseWebhook(paid.body, retry, options))).toBe('replayed');
    replayGuard.release(JSON.parse(paid.body).deliveryId);
    expect(parseWebhook(paid.body, retry, options).attempt).toBe(2);
    // Without a guard, nothing is remembered.
    parseWebhook(paid.body, headersOf(paid), { appId });
    parseWebhook(paid.body, headersOf(paid), { appId });
  });
});

describe('createReplayGuard', () => {
  it('forgets the oldest ids past maxEntries', () => {
    const guard = createReplayGuard({ maxEntries: 2 });
    expect([guard.claim('a'), guard.claim('b'), guard.claim('a'), guard.claim('c')]).toEqual([true, true, false, true]);
    expect([guard.has('a'), guard.has('b'), guard.has('c'), guard.size]).toEqual([false, true, true, 2]);
    expect(() => createReplayGuard({ maxEntries: 0 })).toThrow(RangeError);
  });
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

describe('webhookHandler', () => {
  it('answers 401, 400, 405, 413, 200, a duplicate 200 and 500 as documented', async () => {
    const received: WebhookEvent[] = [];
    let fail = false;
    const url = await listen(
      createServer(
        webhookHandler({
          appId: paid.appId,
          replayGuard: createReplayGuard(),
          maxBodyBytes: 4096,
          onError: () => {},
          onEvent: async (event) => {
            if (fail) throw new Error('database down');
            received.push(event);
          },
        }),
      ),
    );
    const post = (body: string, headers: Record<string, string>) =>
      fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

    const forged = await post(paid.body, { 'x-service-signature': 'sha256=00' });
    expect([forged.status, await forged.json()]).toEqual([
      401,
      { error: 'bad_signature', message: `the signature does not match the body for ${paid.appId}` },
    ]);
    expect((await post(paid.body, {})).status).toBe(401);
    expect((await post('{}', { 'x-service-signature': signWebhook('{}', paid.appId) })).status).toBe(400);
    expect((await fetch(url)).status).toBe(405);
    expect((await post('x'.repeat(5000), headersOf(paid))).status).toBe(413);
    expect(received).toEqual([]);

    fail = true;
    expect((await post(paid.body, headersOf(paid))).status).toBe(500);
    fail = false;
    const retry = await post(paid.body, headersOf(paid, { 'x-service-delivery-attempt': '2' }));
    expect([retry.status, await retry.json()]).toEqual([200, { received: true }]);
    const again = await post(paid.body, headersOf(paid, { 'x-service-delivery-attempt': '2' }));
    expect([again.status, await again.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(received.map((e) => [e.event, e.attempt])).toEqual([['invoice.paid', 2]]);
  });

  it('receives a real delivery from the emulator as a typed, verified event', async () => {
    const appId = 'com.example.webhook-test';
    const em = await createEmulator({ port: 0, appId, scopes: ['invoices.read'] });
    cleanups.push(() => em.close());
    await em.listen();
    const received: WebhookEvent[] = [];
    const webhookUrl = await listen(createServer(webhookHandler({ appId, onEvent: (e) => void received.push(e) })));

    const { token } = await em.token();
    const subscribed = await fetch(`${em.apiUrl}/events/subscribe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'invoice.paid', webhookUrl }),
    });
    expect(subscribed.status).toBe(201);

    const { deliveries } = await em.trigger('invoice.paid');
    expect(deliveries.map((d) => d.status)).toEqual(['succeeded']);
    expect(received).toHaveLength(1);
    const [event] = received;
    if (!isEvent(event, 'invoice.paid')) throw new Error(`expected invoice.paid, got ${event.event}`);
    expect(event).toMatchObject({
      appId,
      attempt: 1,
      organizationId: em.settings.orgId,
      deliveryId: deliveries[0].deliveryId,
    });
    expect(event.data.paidAmount).toBe(event.data.totalAmount);
    expect(event.data.invoiceNumber).toMatch(/^INV-/);
    expect(JSON.parse(deliveries[0].payload)).toEqual({
      event: 'invoice.paid',
      data: event.data,
      organizationId: event.organizationId,
      timestamp: event.timestamp,
      deliveryId: event.deliveryId,
    });
  });
});
