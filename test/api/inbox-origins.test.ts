import { afterEach, describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/webhooks/signature.js';
import { cleanUp, inProcess, rawPost } from '../helpers.js';

/**
 * The built-in inbox `POST /inbox/<name>` takes webhooks from senders that are not browsers, and
 * nothing from a web page of another site: any page could otherwise post to it cross-origin (a
 * text/plain POST needs no preflight) and fill the store (issue 21). Sent over a real socket with
 * the headers a browser sends.
 */
afterEach(cleanUp);

const APP = 'com.example.demo-addon';

async function listening() {
  const em = await inProcess();
  await em.listen();
  const kept = async (name: string) => (await em.call('GET', `/_emulator/inbox/${name}`)).body.data;
  return { em, kept };
}

describe('the built-in inbox refuses pages of other sites', () => {
  it.each([
    [
      'a cross-site no-cors text/plain post (needs no preflight)',
      { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    ],
    [
      "the add-on's own dev server (same-site: every localhost port is)",
      { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' },
    ],
    [
      'a form in a sandboxed frame (Origin: null)',
      { origin: 'null', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    ],
    ['a foreign Origin alone', { origin: 'http://127.0.0.1:1' }],
    ['Sec-Fetch-Site: cross-site alone', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site alone', { 'sec-fetch-site': 'same-site' }],
    ['a no-cors request that does not say where it comes from', { 'sec-fetch-mode': 'no-cors' }],
    ['a navigation that does not say where it comes from', { 'sec-fetch-mode': 'navigate' }],
  ])('%s: 403 forbidden_origin, nothing kept', async (_what, headers) => {
    const { em, kept } = await listening();
    const res = await rawPost(
      `${em.url}/inbox/target`,
      { 'content-type': 'text/plain', ...headers },
      'x'.repeat(64 * 1024),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'forbidden_origin',
      message: expect.stringMatching(/^the inbox does not take /),
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(await kept('target')).toEqual([]);
  });
});

describe('the built-in inbox takes what webhook senders and tools send', () => {
  it('a signed delivery from a sender that sends no browser headers (curl, a backend)', async () => {
    const { em, kept } = await listening();
    const body = '{"event":"ticket.created","deliveryId":"d-1"}';
    const headers = {
      'content-type': 'application/json',
      'x-service-app': APP,
      'x-service-signature': signWebhook(body, APP),
    };
    expect(await rawPost(`${em.url}/inbox/plain`, headers, body)).toMatchObject({ status: 200 });
    expect(await kept('plain')).toMatchObject([{ deliveryId: 'd-1', signatureValid: true }]);
  });

  it("the emulator's own dispatcher (Node's fetch, which says sec-fetch-mode: cors)", async () => {
    const { em, kept } = await listening();
    const { token } = await em.token();
    await em.call('POST', 'events/subscribe', {
      token,
      body: { event: 'ticket.created', webhookUrl: `${em.url}/inbox/hooks` },
    });
    const { deliveries } = await em.trigger('ticket.created');
    expect(deliveries[0].status).toBe('succeeded');
    expect(deliveries[0].attempts[0].request.headers).not.toHaveProperty('origin');
    expect(await kept('hooks')).toMatchObject([{ event: 'ticket.created', signatureValid: true }]);
  });

  it("a test's fetch from Node, and a page of the emulator's own origin", async () => {
    const { em, kept } = await listening();
    const fetched = await fetch(`${em.url}/inbox/mixed`, { method: 'POST', body: 'from node' });
    expect(fetched.status).toBe(401);
    const own = { origin: em.url, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };
    expect((await rawPost(`${em.url}/inbox/mixed`, own, 'from the host page')).status).toBe(401);
    const typed = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' };
    expect((await rawPost(`${em.url}/inbox/mixed`, typed, 'from the user')).status).toBe(401);
    expect((await kept('mixed')).map((entry: { body: unknown }) => entry.body)).toEqual([
      'from the user',
      'from the host page',
      'from node',
    ]);
  });
});
