import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import { MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER } from '../../src/common/limits.js';
import { attemptsInLog, attemptsLogged, cleanUp, inProcess, startReceiver } from '../helpers.js';

afterEach(cleanUp);

const APP = 'com.example.demo-addon';
const hmac = (body: string, appId = APP) =>
  `sha256=${createHmac('sha256', `service_addon_${appId}`).update(body).digest('hex')}`;

async function setup(options = {}) {
  const em = await inProcess(options);
  await em.listen();
  const token = (await em.token()).token;
  const subscribe = (event: string, webhookUrl: string, t = token) =>
    em.call('POST', 'events/subscribe', { token: t, body: { event, webhookUrl } });
  return { em, token, subscribe };
}

describe('the catalog and subscriptions', () => {
  it('serves the catalog without a token', async () => {
    const { em } = await setup();
    const res = await em.call('GET', 'events/catalog');
    expect(res.status).toBe(200);
    const { catalog } = DEFAULT_REGISTRY;
    expect(res.body).toEqual({ data: catalog.published(), total: catalog.events.length });
    expect(res.body.data.find((e: { name: string }) => e.name === 'invoice.paid')).toMatchObject({
      scope: 'invoices.read',
      schema: { type: 'object' },
    });
  });

  it("needs the read scope of the event's resource to subscribe", async () => {
    const { em, subscribe } = await setup();
    const noInvoices = (await em.token({ scopes: ['customers.read'] })).token;
    const refused = await subscribe('invoice.paid', 'http://127.0.0.1:9/x', noInvoices);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'insufficient_scope',
      requiredScope: 'invoices.read',
      grantedScopes: ['customers.read'],
    });
    expect(em.audit(1)[0].scope).toEqual({ required: 'invoices.read', decision: 'denied' });
    expect((await subscribe('customer.created', 'http://127.0.0.1:9/x', noInvoices)).status).toBe(201);
  });

  it('refuses an unknown event or a webhookUrl that is not an http(s) URL', async () => {
    const { subscribe } = await setup();
    expect((await subscribe('invoice.exploded', 'http://127.0.0.1:9/x')).body.code).toBe('unknown_event');
    for (const url of ['not a url', 'ftp://127.0.0.1/x', 'javascript:alert(1)', `http://h/${'x'.repeat(2100)}`]) {
      const res = await subscribe('invoice.paid', url);
      expect(res.status, url).toBe(400);
    }
  });

  it('lists, re-subscribes and unsubscribes, per app and organization', async () => {
    const { em, token, subscribe } = await setup();
    expect((await subscribe('invoice.paid', 'http://127.0.0.1:9/a')).status).toBe(201);
    expect((await subscribe('invoice.paid', 'http://127.0.0.1:9/b')).status).toBe(200);
    expect((await em.call('GET', 'events/subscriptions', { token })).body).toEqual({
      data: [{ event: 'invoice.paid', webhookUrl: 'http://127.0.0.1:9/b', isActive: true }],
      total: 1,
    });
    const otherApp = (await em.token({ appId: 'com.example.other' })).token;
    const otherOrg = (await em.token({ orgId: 'org_other' })).token;
    expect((await em.call('GET', 'events/subscriptions', { token: otherApp })).body.total).toBe(0);
    expect((await em.call('GET', 'events/subscriptions', { token: otherOrg })).body.total).toBe(0);
    expect((await em.call('POST', 'events/unsubscribe', { token, body: { event: 'invoice.paid' } })).status).toBe(204);
    const again = await em.call('POST', 'events/unsubscribe', { token, body: { event: 'invoice.paid' } });
    expect(again.body).toMatchObject({ statusCode: 404, code: 'not_subscribed' });
  });
});

describe('deliveries', () => {
  it('delivers REST writes as signed envelopes with the spec headers', async () => {
    const { em, token, subscribe } = await setup();
    const receiver = await startReceiver();
    await subscribe('customer.created', receiver.url);
    const created = await em.call('POST', 'customers', { token, body: { name: 'Zoë & Co' } });
    const [request] = await receiver.received(1);
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-event': 'customer.created',
      'x-service-app': APP,
      'x-service-delivery-attempt': '1',
    });
    expect(request.headers['x-service-signature']).toBe(hmac(request.body));
    const envelope = JSON.parse(request.body);
    expect(Object.keys(envelope)).toEqual(['event', 'data', 'organizationId', 'timestamp', 'deliveryId']);
    expect(envelope).toMatchObject({
      event: 'customer.created',
      organizationId: 'org_demo',
      data: { customerId: created.body.data._id, name: 'Zoë & Co' },
    });
    expect(envelope.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(envelope.deliveryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('fires invoice.paid and payment.received when an invoice is paid, only to active subscriptions of that organization', async () => {
    const { em, token, subscribe } = await setup();
    const receiver = await startReceiver();
    await subscribe('invoice.paid', receiver.url);
    await subscribe('payment.received', receiver.url);
    const otherOrg = (await em.token({ orgId: 'org_other' })).token;
    await subscribe('invoice.paid', `${receiver.url}?other`, otherOrg);
    const customer = (await em.call('POST', 'customers', { token, body: { name: 'Acme' } })).body.data;
    const invoice = (
      await em.call('POST', 'invoices', {
        token,
        body: {
          customerId: customer._id,
          lineItems: [{ description: 'x', quantity: 2, unitPrice: 50 }],
          status: 'sent',
        },
      })
    ).body.data;
    await em.call('PATCH', `invoices/${invoice._id}`, { token, body: { status: 'paid' } });
    const requests = await receiver.received(2);
    await em.idle();
    expect(requests).toHaveLength(2);
    const byEvent = Object.fromEntries(requests.map((r) => [r.headers['x-service-event'], JSON.parse(r.body).data]));
    expect(byEvent['invoice.paid']).toEqual({
      invoiceId: invoice._id,
      invoiceNumber: 'INV-000001',
      customerId: customer._id,
      customerName: 'Acme',
      totalAmount: 100,
      paidAmount: 100,
      paymentMethod: 'bank_transfer',
    });
    expect(byEvent['payment.received']).toMatchObject({ amount: 100, invoiceId: invoice._id });
  });

  it('retries at +1 and +5 minutes of emulated time with the same deliveryId, then disables the subscription', async () => {
    const { em, token, subscribe } = await setup();
    const receiver = await startReceiver({ status: 500 });
    await subscribe('customer.created', receiver.url);
    await em.call('POST', 'customers', { token, body: { name: 'Acme' } });
    // A retry falls due a delay after its previous attempt is logged: advance the clock only after that.
    await attemptsLogged(em, 1);
    // Each advance returns once the attempts that fell due are logged: nothing to wait for after it.
    // The clock also runs in real time, so stop well short of the minute: 10 s for the machine to be slow.
    await em.advanceClock(50_000);
    expect(receiver.requests).toHaveLength(1);
    await em.advanceClock(10_000);
    expect(await attemptsInLog(em)).toBe(2);
    await em.advanceClock(4 * 60_000);
    expect(receiver.requests).toHaveLength(2);
    await em.advanceClock(60_000);
    const { requests } = receiver;
    expect(requests.map((r) => r.headers['x-service-delivery-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(requests.map((r) => JSON.parse(r.body).deliveryId)).size).toBe(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    expect(await attemptsInLog(em)).toBe(3);
    expect((await em.call('GET', 'events/subscriptions', { token })).body.data[0].isActive).toBe(false);
    const [delivery] = em.deliveries({});
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(delivery.attempts.map((a) => a.response?.status)).toEqual([500, 500, 500]);

    await em.call('POST', 'customers', { token, body: { name: 'Not delivered' } });
    await em.idle();
    expect(receiver.requests).toHaveLength(3);
    receiver.status = 200;
    expect((await subscribe('customer.created', receiver.url)).body.data.isActive).toBe(true);
    await em.call('POST', 'customers', { token, body: { name: 'Delivered again' } });
    await receiver.received(4);
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    const { em, subscribe } = await setup();
    const receiver = await startReceiver({ status: 302 });
    await subscribe('customer.created', receiver.url);
    const { deliveries } = await em.trigger('customer.created');
    expect(deliveries[0]).toMatchObject({ status: 'pending', attempts: [{ ok: false, response: { status: 302 } }] });
    expect(receiver.requests).toHaveLength(1);
  });

  it('replays a delivery as a new, correctly signed delivery of the same event and data', async () => {
    const { em, subscribe } = await setup();
    const receiver = await startReceiver();
    await subscribe('payment.received', receiver.url);
    const { deliveries } = await em.trigger('payment.received', { data: { amount: 42.5 } });
    const replay = await em.replay(deliveries[0].deliveryId);
    const [first, second] = await receiver.received(2);
    expect(replay).toMatchObject({ status: 'succeeded', replayOf: deliveries[0].deliveryId });
    expect(replay.deliveryId).not.toBe(deliveries[0].deliveryId);
    expect(JSON.parse(second.body).data).toEqual(JSON.parse(first.body).data);
    expect(JSON.parse(second.body).data.amount).toBe(42.5);
    expect(second.headers['x-service-signature']).toBe(hmac(second.body));
  });

  it('records arrivals in the built-in inbox and checks their signature', async () => {
    const { em, subscribe } = await setup();
    await subscribe('ticket.created', `${em.url}/inbox/support`);
    const { deliveries } = await em.trigger('ticket.created');
    expect(deliveries[0].status).toBe('succeeded');
    const [entry] = em.inboxEntries('support', 10);
    expect(entry).toMatchObject({
      event: 'ticket.created',
      appId: APP,
      signatureValid: true,
      attempt: 1,
      deliveryId: deliveries[0].deliveryId,
    });
    const forged = await fetch(`${em.url}/inbox/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-app': APP, 'x-service-signature': 'sha256=00' },
      body: '{"event":"ticket.created"}',
    });
    expect(forged.status).toBe(401);
    // Newest first.
    expect(em.inboxEntries('support', 10).map((e) => e.signatureValid)).toEqual([false, true]);
  });

  it('sends a pending retry to the URL of the current subscription, and cancels it once unsubscribed', async () => {
    const { em, token, subscribe } = await setup();
    const old = await startReceiver({ status: 500 });
    const moved = await startReceiver();
    await subscribe('customer.created', old.url);
    await em.call('POST', 'customers', { token, body: { name: 'Acme' } });
    await attemptsLogged(em, 1);
    await subscribe('customer.created', moved.url);
    await em.advanceClock(60_000);
    const [retry] = moved.requests;
    expect(retry.headers['x-service-delivery-attempt']).toBe('2');

    moved.status = 500;
    await em.call('POST', 'customers', { token, body: { name: 'Globex' } });
    await attemptsLogged(em, 3);
    await em.call('POST', 'events/unsubscribe', { token, body: { event: 'customer.created' } });
    await em.advanceClock(60_000);
    expect(moved.requests).toHaveLength(2);
    expect(em.deliveries({ status: 'cancelled' })).toHaveLength(1);
  });

  it('cancels a pending retry once unsubscribed, though the add-on subscribes to the event again before it falls due', async () => {
    const { em, token, subscribe } = await setup();
    const failing = await startReceiver({ status: 500 });
    await subscribe('customer.created', failing.url);
    await em.call('POST', 'customers', { token, body: { name: 'Acme' } });
    await attemptsLogged(em, 1);
    await em.call('POST', 'events/unsubscribe', { token, body: { event: 'customer.created' } });
    const fresh = await startReceiver();
    await subscribe('customer.created', fresh.url);
    await em.advanceClock(60_000);
    // The retry belonged to the subscription that ended: the new one gets only what comes after it.
    expect(fresh.requests).toHaveLength(0);
    expect(em.deliveries({ status: 'cancelled' })).toHaveLength(1);
    await em.call('POST', 'customers', { token, body: { name: 'Globex' } });
    await em.idle();
    expect(fresh.requests).toHaveLength(1);
  });

  it('fires nothing for a PATCH that changes nothing, or for seeding', async () => {
    const { em, token, subscribe } = await setup();
    const receiver = await startReceiver();
    await subscribe('customer.updated', receiver.url);
    await subscribe('customer.created', receiver.url);
    await em.seed({ orgId: 'org_demo', size: 3 });
    const customer = (await em.call('POST', 'customers', { token, body: { name: 'Acme' } })).body.data;
    await em.call('PATCH', `customers/${customer._id}`, { token, body: { name: 'Acme' } });
    await em.call('PATCH', `customers/${customer._id}`, { token, body: { name: 'Acme Ltd' } });
    const requests = await receiver.received(2);
    await em.idle();
    expect(receiver.requests).toHaveLength(2);
    // Two deliveries on two connections: they may arrive in either order.
    const byEvent = new Map(requests.map((r) => [r.headers['x-service-event'], JSON.parse(r.body).data]));
    expect([...byEvent.keys()].sort()).toEqual(['customer.created', 'customer.updated']);
    expect(byEvent.get('customer.updated').changedFields).toEqual(['name']);
  });

  it('gives a triggered status event the status it names', async () => {
    const { em } = await setup();
    await em.call('POST', '/_emulator/seed', { body: { size: 3 } });
    for (const [event, status] of [
      ['expense.approved', 'approved'],
      ['store.order.refunded', 'refunded'],
      ['invoice.overdue', 'overdue'],
    ]) {
      expect((await em.trigger(event)).data.status, event).toBe(status);
    }
  });
});

describe('many deliveries due at once', () => {
  it('has at most its share of attempts open at a receiver while a thousand first attempts and retries fall due together, each delivery getting attempts 1, 2, 3 in order', async () => {
    // Issue 21: every attempt due was started at once, a socket each (10,000 took the process to 1 GB).
    const { em, subscribe } = await setup();
    const receiver = await startReceiver({ status: 500, delayMs: 5 });
    await subscribe('ticket.created', receiver.url);
    const N = 1000;
    await em.trigger('ticket.created');
    await Promise.all(Array.from({ length: N - 1 }, () => em.trigger('ticket.created')));
    const mostOpen = [receiver.mostOpen];
    expect(receiver.requests).toHaveLength(N);

    for (const [ms, attempts] of [
      [60_000, 2],
      [300_000, 3],
    ]) {
      // It returns once every attempt that fell due has been made and logged.
      await em.advanceClock(ms);
      mostOpen.push(receiver.mostOpen);
      expect(receiver.requests).toHaveLength(N * attempts);
      const logged = em.deliveries({ limit: Infinity });
      expect(logged.filter((d) => d.attempts.length === attempts)).toHaveLength(N);
    }

    expect(Math.max(...mostOpen)).toBeLessThanOrEqual(MAX_WEBHOOK_ATTEMPTS_PER_RECEIVER);
    const sent = new Map<string, string[]>();
    for (const { body, headers } of receiver.requests) {
      const { deliveryId } = JSON.parse(body);
      sent.set(deliveryId, [...(sent.get(deliveryId) ?? []), String(headers['x-service-delivery-attempt'])]);
    }
    expect([...sent.values()].filter((a) => a.join() === '1,2,3')).toHaveLength(N);
    expect(em.deliveries({ limit: Infinity, status: 'failed' })).toHaveLength(N);
    const { body } = await em.call('GET', 'events/subscriptions', { token: (await em.token()).token });
    expect(body.data).toMatchObject([{ event: 'ticket.created', isActive: false }]);
  });
});
