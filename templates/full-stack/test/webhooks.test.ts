// The backend's webhook receiver against the emulator: subscribe it through the API, fire an event,
// and check that the handler got a verified, typed event.
import { readFileSync } from 'node:fs';
import { startEmulator, type TestEmulator } from 'addon-devkit/testing';
import { isEvent, type WebhookEvent } from 'addon-devkit/webhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type Server } from '../server/index.ts';

const { appId, scopes } = JSON.parse(readFileSync(new URL('../addon.config.json', import.meta.url), 'utf8')) as {
  appId: string;
  scopes: string[];
};

let emulator: TestEmulator;
let backend: Server;
const received: WebhookEvent[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ appId, scopes });
  backend = await startServer({ appId, port: 0, onEvent: (event) => void received.push(event) });
});
afterAll(async () => {
  await backend?.close();
  await emulator?.close();
});

it('receives invoice.paid as a verified, typed event', async () => {
  const subscribed = await fetch(`${emulator.apiUrl}/events/subscribe`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await emulator.token()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'invoice.paid', webhookUrl: backend.webhookUrl }),
  });
  expect(subscribed.status).toBe(201);

  const { deliveries } = await emulator.trigger('invoice.paid', { data: { paymentMethod: 'card' } });
  expect(deliveries.map((d) => d.status)).toEqual(['succeeded']);

  expect(received).toHaveLength(1);
  const [event] = received;
  if (!isEvent(event, 'invoice.paid')) throw new Error(`expected invoice.paid, got ${event.event}`);
  expect(event.appId).toBe(appId);
  expect(event.deliveryId).toBe(deliveries[0].deliveryId);
  expect(event.data.paymentMethod).toBe('card');
  expect(event.data.paidAmount).toBeGreaterThan(0);
});

it('handles a delivery the service sends twice only once (a duplicate fault rule)', async () => {
  // At-least-once delivery: the same deliveryId, body and signature twice. The replay guard answers
  // the second 200 without calling the handler again.
  emulator.faults.add({ target: 'webhooks', event: 'invoice.paid', duplicate: true, times: 1 });
  const before = received.length;
  const { deliveries } = await emulator.trigger('invoice.paid');
  const [first, second] = deliveries[0].attempts;
  expect(second.duplicate).toBe(true);
  expect([first.response?.status, second.response?.status]).toEqual([200, 200]);
  expect(JSON.parse(second.response!.body)).toEqual({ received: true, duplicate: true });
  expect(received.length - before).toBe(1);
});

it('refuses a delivery that is not signed for this add-on', async () => {
  const body = JSON.stringify({
    event: 'invoice.paid',
    data: {},
    organizationId: 'org_x',
    timestamp: '',
    deliveryId: 'x',
  });
  const forged = await fetch(backend.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-signature': `sha256=${'0'.repeat(64)}` },
    body,
  });
  expect(forged.status).toBe(401);
  expect(received).toHaveLength(2);
});
