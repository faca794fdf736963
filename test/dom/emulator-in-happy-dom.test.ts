// @vitest-environment happy-dom
// happy-dom replaces URL, AbortController, fetch... on globalThis: the emulator behind mockHost()
// runs in this same process, so it must take Node's own (src/common/node-web.ts).
import { afterEach, expect, it } from 'vitest';
import { startEmulator } from '../../src/testing/index.js';
import { cleanUp, startReceiver } from '../helpers.js';

afterEach(cleanUp);

it('starts, answers the page’s fetch and delivers a signed webhook under happy-dom', async () => {
  expect(String(globalThis.URL)).not.toBe(String((await import('node:url')).URL));
  const emulator = await startEmulator({ coverage: false });
  try {
    const receiver = await startReceiver();
    const token = await emulator.token();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const subscribed = await fetch(`${emulator.apiUrl}/events/subscribe`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ event: 'customer.created', webhookUrl: receiver.url }),
    });
    expect(subscribed.status).toBe(201);
    const created = await fetch(`${emulator.apiUrl}/customers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(created.status).toBe(201);
    await emulator.idle();
    expect(emulator.deliveries()).toMatchObject([{ event: 'customer.created', status: 'succeeded' }]);
    expect(receiver.requests).toHaveLength(1);
    expect(JSON.parse(receiver.requests[0]!.body)).toMatchObject({ event: 'customer.created', data: { name: 'Ada' } });
    expect(receiver.requests[0]!.headers).toHaveProperty('x-service-signature');
  } finally {
    await emulator.close();
  }
});
