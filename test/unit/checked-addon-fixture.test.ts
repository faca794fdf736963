// The fixture add-on of `addon check`'s tests (test/fixtures/checked-addon): well behaved without
// flaws, and each flaw tested here does what its name says. Real HTTP: an in-process emulator and the
// fixture as its own process, as `addon check` starts it. The page is checked in a browser elsewhere.
import { randomUUID } from 'node:crypto';
import { execa, type ResultPromise } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../src/testing/index.js';
import { signWebhook } from '../../src/webhooks/signature.js';
import { freePort, ROOT } from '../helpers.js';

const APP_ID = 'com.example.checked';
const SERVER = `${ROOT}test/fixtures/checked-addon/server.js`;

let emulator: TestEmulator;
const running: ResultPromise[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ appId: APP_ID, scopes: ['customers.read', 'storage.*'] });
});
afterAll(async () => {
  for (const child of running.splice(0)) {
    child.kill();
    await child.catch(() => {});
  }
  await emulator?.close();
});

/** Starts the fixture with these flaws; resolves with its URL once /health answers. */
async function startFixture(flaws: string[] = []): Promise<string> {
  const port = await freePort();
  const child = execa(process.execPath, [SERVER], {
    env: {
      PORT: String(port),
      ADDON_EMULATOR_URL: emulator.url,
      ADDON_API_URL: emulator.apiUrl,
      APP_ID,
      FLAWS: flaws.join(','),
    },
    reject: false,
    all: true,
  });
  running.push(child);
  const url = `http://127.0.0.1:${port}`;
  // It prints its URL once it listens; its output ends early when it exits instead.
  await new Promise<void>((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('checked-addon on ')) resolve();
    });
    void child.finally(resolve);
  });
  const health = await fetch(`${url}/health`).catch(() => null);
  if (!health?.ok) {
    child.kill();
    throw new Error(`the fixture did not start: ${(await child).all}`);
  }
  return url;
}

/** The fixture without flaws, started once for the tests that want it. */
let plain: Promise<string> | undefined;
const wellBehaved = () => (plain ??= startFixture());

function envelope(overrides: Record<string, unknown> = {}) {
  return {
    event: 'invoice.paid',
    data: {
      invoiceId: 'inv_1',
      invoiceNumber: 'INV-0001',
      customerId: 'cus_1',
      customerName: 'Acme Ltd',
      totalAmount: 120,
      paidAmount: 120,
      paymentMethod: 'bank_transfer',
    },
    organizationId: 'org_demo',
    timestamp: new Date().toISOString(),
    deliveryId: randomUUID(),
    ...overrides,
  };
}

/** POSTs a delivery: signed for the app unless `signature` says otherwise (null: no header). */
async function deliver(url: string, rawBody: string, signature: string | null = signWebhook(rawBody, APP_ID)) {
  const response = await fetch(`${url}/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-service-event': 'invoice.paid',
      'x-service-app': APP_ID,
      'x-service-delivery-attempt': '1',
      ...(signature === null ? {} : { 'x-service-signature': signature }),
    },
    body: rawBody,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The storage writes the emulator saw for a delivery. */
const writesFor = (deliveryId: string) =>
  emulator
    .audit(1000)
    .filter((entry) => entry.method === 'PUT' && entry.path.includes(`/storage/delivery-${deliveryId}`));

async function whoami(url: string, token?: string) {
  const response = await fetch(`${url}/api/whoami`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.concurrent('the checked-addon fixture, without flaws', () => {
  it('applies a signed delivery once, refuses an unsigned or badly signed one, and tolerates extra data', async () => {
    const url = await wellBehaved();
    const delivery = envelope();
    const raw = JSON.stringify(delivery);

    expect(await deliver(url, raw)).toBe(200);
    expect(writesFor(delivery.deliveryId)).toMatchObject([{ status: 201 }]);
    expect(await deliver(url, raw)).toBe(200);
    expect(writesFor(delivery.deliveryId)).toHaveLength(1);

    const unsigned = envelope();
    expect(await deliver(url, JSON.stringify(unsigned), null)).toBe(401);
    expect(
      await deliver(url, JSON.stringify(unsigned), signWebhook(JSON.stringify(unsigned), 'com.example.other')),
    ).toBe(401);
    expect(writesFor(unsigned.deliveryId)).toHaveLength(0);

    // Signed over the exact bytes: odd spacing and an unknown field in data are fine.
    const odd = envelope();
    const oddRaw = JSON.stringify({ ...odd, data: { ...odd.data, loyaltyTier: 'gold' } }, null, 3);
    expect(await deliver(url, oddRaw)).toBe(200);
    expect(writesFor(odd.deliveryId)).toHaveLength(1);
  });

  it('verifies the session token in /api/whoami', async () => {
    const url = await wellBehaved();
    const good = await whoami(url, await emulator.token());
    expect(good).toMatchObject({ status: 200, body: { appId: APP_ID, scopes: ['customers.read', 'storage.*'] } });
    expect(Object.keys(good.body).sort()).toEqual(['appId', 'orgId', 'scopes', 'userId']);
    expect((await whoami(url, await emulator.token({ variant: 'alg-none' }))).status).toBe(401);
    expect((await whoami(url, await emulator.token({ variant: 'tampered' }))).status).toBe(401);
    expect((await whoami(url)).status).toBe(401);
  });

  it('serves its page with the API URL and the host origin filled in, and /health', async () => {
    const url = await wellBehaved();
    const response = await fetch(`${url}/`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(JSON.stringify(emulator.apiUrl));
    expect(html).toContain(JSON.stringify(new URL(emulator.url).origin));
    expect(html).toContain("'service:ready'");
    expect(html).not.toMatch(/<img/);
    expect(await (await fetch(`${url}/health`)).text()).toBe('ok');
  });
});

// Each test starts a fixture of its own and looks only at its own deliveries: they run at once.
describe.concurrent('the checked-addon fixture, with flaws', () => {
  it('no-signature-check: accepts an unsigned delivery', async () => {
    const url = await startFixture(['no-signature-check']);
    const delivery = envelope();
    expect(await deliver(url, JSON.stringify(delivery), null)).toBe(200);
    expect(writesFor(delivery.deliveryId)).toHaveLength(1);
  });

  it('reserialise: refuses a validly signed body with unusual spacing', async () => {
    const url = await startFixture(['reserialise']);
    const compact = envelope();
    expect(await deliver(url, JSON.stringify(compact))).toBe(200);
    const spaced = envelope();
    expect(await deliver(url, JSON.stringify(spaced, null, 2))).toBe(401);
    expect(writesFor(spaced.deliveryId)).toHaveLength(0);
  });

  it('double-apply: a second arrival of a delivery is a second write', async () => {
    const url = await startFixture(['double-apply']);
    const delivery = envelope();
    const raw = JSON.stringify(delivery);
    expect(await deliver(url, raw)).toBe(200);
    expect(await deliver(url, raw)).toBe(200);
    expect(writesFor(delivery.deliveryId)).toHaveLength(2);
  });

  it('strict-data: refuses an unknown field in data, accepts the known ones', async () => {
    const url = await startFixture(['strict-data']);
    expect(await deliver(url, JSON.stringify(envelope()))).toBe(200);
    const extra = envelope();
    expect(await deliver(url, JSON.stringify({ ...extra, data: { ...extra.data, loyaltyTier: 'gold' } }))).toBe(400);
  });

  it('one-at-a-time: a delivery arriving while another is handled gets 503', async () => {
    const url = await startFixture(['one-at-a-time']);
    const statuses = await Promise.all([1, 2, 3].map(() => deliver(url, JSON.stringify(envelope()))));
    // The first holds the receiver for 200 ms; the others arrive meanwhile (all of them but on a stalled machine).
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
  });

  it('slow-receiver: answers after 1.5 s', async () => {
    const url = await startFixture(['slow-receiver']);
    const started = performance.now();
    expect(await deliver(url, JSON.stringify(envelope()))).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it('accept-alg-none: takes an unsigned token, still refuses a tampered one', async () => {
    const url = await startFixture(['accept-alg-none']);
    expect((await whoami(url, await emulator.token({ variant: 'alg-none' }))).status).toBe(200);
    expect((await whoami(url, await emulator.token({ variant: 'tampered' }))).status).toBe(401);
    expect((await whoami(url, await emulator.token())).status).toBe(200);
  });

  it('accept-any-token: takes any token with a payload, not none', async () => {
    const url = await startFixture(['accept-any-token']);
    expect((await whoami(url, await emulator.token({ variant: 'foreign-key' }))).status).toBe(200);
    expect((await whoami(url)).status).toBe(401);
  });

  it('page flaws are templated in; an unknown flaw stops the start', async () => {
    const url = await startFixture(['a11y', 'post-to-star']);
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain('"flaws":["a11y","post-to-star"]');
    expect(html).toMatch(/<img(?![^>]*\balt=)[^>]*>/);
    await expect(startFixture(['no-such-flaw'])).rejects.toThrow(/unknown flaw/);
  });
});
