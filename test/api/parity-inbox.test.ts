import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, freePort, inProcess } from '../helpers.js';

/**
 * The built-in inbox is the kit's own receiver: subscribing to its `http:` URL, at any of the
 * emulator's own origins, is no leniency the add-on leans on, so no `http-webhook-url` parity warning,
 * and `--strict` takes it. Any other `http:` URL still warns, or is refused under `--strict`.
 */
afterEach(cleanUp);

async function listening(options: { strict?: boolean } = {}) {
  const em = await inProcess(options);
  await em.listen();
  return { em, port: new URL(em.url).port };
}

describe('the http-webhook-url parity warning spares the built-in inbox', () => {
  it('warns of no inbox URL at any of the own origins, and still of another http: URL', async () => {
    const { em, port } = await listening();
    await em.subscribe('invoice.paid', `${em.url}/inbox/demo`);
    await em.subscribe('customer.created', `http://localhost:${port}/inbox/other`);
    await em.subscribe('ticket.created', `http://[::1]:${port}/inbox/v6`);
    expect(em.parity.list()).toEqual([]);

    // Not an inbox: another path of the emulator, or an inbox path of another port.
    await em.subscribe('invoice.paid', `${em.url}/inbox/demo/deeper`);
    expect(em.parity.list()).toMatchObject([{ kind: 'http-webhook-url', count: 1 }]);
    await em.subscribe('invoice.paid', `http://127.0.0.1:${Number(port) + 1}/inbox/demo`);
    expect(em.parity.list()).toMatchObject([{ kind: 'http-webhook-url', count: 2 }]);
  });

  it('takes the inbox URL under --strict, and refuses another http: URL', async () => {
    const { em } = await listening({ strict: true });
    await expect(em.subscribe('invoice.paid', `${em.url}/inbox/demo`)).resolves.toMatchObject({ created: true });
    await expect(em.subscribe('invoice.paid', 'http://127.0.0.1:9/hooks')).rejects.toMatchObject({
      statusCode: 400,
      code: 'https_required',
    });
    // Through the add-on API too.
    const { token } = await em.token();
    const answer = await fetch(`${em.apiUrl}/events/subscribe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'customer.created', webhookUrl: `${em.url}/inbox/api` }),
    });
    expect(answer.status).toBe(201);
  });

  it('spares a subscription of addon.config.json to the inbox, made before it listens, at a fixed port', async () => {
    const port = await freePort();
    const em = await inProcess({
      port,
      strict: true,
      webhooks: [{ event: 'invoice.paid', url: `http://127.0.0.1:${port}/inbox/configured` }],
    });
    expect(em.subscriptions()).toMatchObject([{ event: 'invoice.paid', isActive: true }]);
    await em.listen();
    expect(em.parity.list()).toEqual([]);
  });
});
