import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../src/testing/index.js';
import { api, startReceiver, cleanUp } from '../helpers.js';
import { invoicePaidData } from '../invoice-paid-data.js';

const started: TestEmulator[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((e) => e.close()));
  await cleanUp();
});
const start = async (options = {}) => {
  const emulator = await startEmulator(options);
  started.push(emulator);
  return emulator;
};

describe('the test harness', () => {
  it('starts isolated emulators on free ports, with tokens of the configured scopes', async () => {
    const [a, b] = await Promise.all([start({ scopes: ['customers.*'] }), start({ appId: 'com.example.other' })]);
    expect(a.url).not.toBe(b.url);
    const token = await a.token();
    const created = await api(`${a.apiUrl}/customers`, { token, body: { name: 'Only in a' } });
    expect(created.status).toBe(201);
    expect((await api(`${b.apiUrl}/customers`, { token: await b.token() })).body.total).toBe(0);
    expect((await api(`${a.apiUrl}/invoices`, { token })).status).toBe(403);
    const narrow = await a.token({ scopes: ['customers.read'] });
    expect((await api(`${a.apiUrl}/customers`, { token: narrow, body: { name: 'x' } })).status).toBe(403);
  });

  it('triggers events, lists deliveries, advances the clock and resets to an empty world', async () => {
    const emulator = await start();
    const receiver = await startReceiver({ status: 500 });
    const token = await emulator.token();
    await api(`${emulator.apiUrl}/events/subscribe`, {
      token,
      body: { event: 'invoice.paid', webhookUrl: receiver.url },
    });
    const { deliveries } = await emulator.trigger('invoice.paid', { data: { paymentMethod: 'card' } });
    expect(deliveries[0].attempts).toHaveLength(1);
    await emulator.advanceClock('1m');
    expect(receiver.requests).toHaveLength(2);
    expect(emulator.deliveries()[0].deliveryId).toBe(deliveries[0].deliveryId);

    await emulator.reset();
    expect(emulator.deliveries()).toEqual([]);
    expect((await api(`${emulator.apiUrl}/invoices`, { token })).body.total).toBe(0);
    expect((await api(`${emulator.apiUrl}/events/subscriptions`, { token })).body.total).toBe(0);
    await emulator.advanceClock('10m');
    expect(receiver.requests).toHaveLength(2);
    // Tokens issued before the reset still verify: the keys stay.
    expect((await api(`${emulator.apiUrl}/customers`, { token })).status).toBe(200);
  });

  it('triggers an event for a stored record (recordId): its fields, data merged over them; a wrong id rejects in words', async () => {
    const emulator = await start({ scopes: ['customers.*', 'invoices.*'] });
    const receiver = await startReceiver();
    const token = await emulator.token();
    await api(`${emulator.apiUrl}/events/subscribe`, {
      token,
      body: { event: 'invoice.paid', webhookUrl: receiver.url },
    });
    const customer = (await api(`${emulator.apiUrl}/customers`, { token, body: { name: 'Harnessed Oy' } })).body.data;
    const invoice = async (unitPrice: number) =>
      (
        await api(`${emulator.apiUrl}/invoices`, {
          token,
          body: { customerId: customer._id, lineItems: [{ description: 'Fit', quantity: 1, unitPrice }] },
        })
      ).body.data;
    const stored = await invoice(40);
    await invoice(9);
    const { deliveries } = await emulator.trigger('invoice.paid', {
      recordId: stored._id,
      data: { paymentMethod: 'card' },
    });
    expect(deliveries).toHaveLength(1);
    const [request] = await receiver.received(1);
    expect(JSON.parse(request.body).data).toEqual(invoicePaidData(stored, 'Harnessed Oy', 'card'));
    await expect(emulator.trigger('invoice.paid', { recordId: customer._id })).rejects.toMatchObject({
      code: 'record_of_another_resource',
      message: `${customer._id} is a customer, and invoice.paid is an event of invoices; give the id of an invoice`,
    });
  });
});
