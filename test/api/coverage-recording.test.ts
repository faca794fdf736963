// What an emulator records of the platform's surface (docs/coverage.md): each kind of thing met, in
// its words, counted, and nothing it did not meet.
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/create-emulator.js';
import { api, cleanUp, inProcess, type InProcessEmulator, startReceiver } from '../helpers.js';

afterEach(cleanUp);

const DAY = 86_400_000;
const hitsOf = (em: InProcessEmulator) => em.coverage!.now().hits;

describe('the coverage recorder', () => {
  it('counts each answer under its operation and response, and the scopes used and denied', async () => {
    const em = await inProcess({ scopes: ['customers.*', 'invoices.read'] });
    const { token } = await em.token();
    const { token: narrow } = await em.token({ scopes: ['invoices.read'] });
    expect((await em.call('GET', 'customers', { token })).status).toBe(200);
    expect((await em.call('GET', 'customers', { token })).status).toBe(200);
    expect((await em.call('GET', 'customers', { token: narrow })).status).toBe(403);
    expect((await em.call('GET', 'customers/cus_nope', { token })).status).toBe(404);
    expect((await em.call('GET', 'customers', { token, headers: { authorization: 'Basic x' } })).status).toBe(401);
    expect((await em.call('POST', 'customers', { token, body: { name: 'x'.repeat(2_000_000) } })).status).toBe(413);
    expect((await em.call('GET', 'no-such-route', { token })).status).toBe(404);
    const { operations, responses, scopes, time } = hitsOf(em);
    expect({ ...operations }).toEqual({ 'GET /customers': 4, 'GET /customers/{id}': 1, 'POST /customers': 1 });
    expect({ ...responses }).toEqual({
      'GET /customers 2xx': 2,
      'GET /customers 403': 1,
      'GET /customers/{id} 404': 1,
      'GET /customers 401': 1,
      '401 malformed_authorization': 1,
      'POST /customers 413': 1,
    });
    // A call that needed a scope and succeeded uses it; one refused for the want of it is seen.
    expect({ ...scopes }).toEqual({ 'customers.read': 2 });
    expect({ ...em.coverage!.now().seen['denied scopes'] }).toEqual({ 'customers.read': 1 });
    expect({ ...time }).toEqual({});
  });

  it("tells a token the clock expired in use from a fault rule's expired token, and records 5xx and dropped", async () => {
    const em = await inProcess();
    await em.listen();
    const { token } = await em.token({ expiresIn: 60 });
    expect((await api(`${em.apiUrl}/customers`, { token })).status).toBe(200);
    await em.advanceClock(2 * 60_000);
    expect((await api(`${em.apiUrl}/customers`, { token })).status).toBe(401);
    const { token: fresh } = await em.token();
    em.faults.add({ path: '/customers', expiredToken: true, times: 1 });
    expect((await api(`${em.apiUrl}/customers`, { token: fresh })).status).toBe(401);
    em.faults.add({ path: '/customers', status: 503, times: 1 });
    expect((await api(`${em.apiUrl}/customers`, { token: fresh })).status).toBe(503);
    em.faults.add({ path: '/customers', reset: true, times: 1 });
    await expect(fetch(`${em.apiUrl}/customers`, { headers: { authorization: `Bearer ${fresh}` } })).rejects.toThrow();
    const { responses, time } = hitsOf(em);
    expect({ ...responses }).toEqual({
      'GET /customers 2xx': 1,
      'GET /customers 401': 2,
      '401 token_expired': 2,
      'GET /customers 5xx': 1,
      'GET /customers dropped': 1,
    });
    expect({ ...time }).toEqual({ 'clock advanced': 1, 'token expired in use': 1 });
  });

  it('counts subscriptions, deliveries, answers, retries and duplicates of each event', async () => {
    const em = await inProcess();
    const { token } = await em.token();
    const receiver = await startReceiver({ status: 500 });
    const body = { event: 'customer.created', webhookUrl: receiver.url };
    expect((await em.call('POST', 'events/subscribe', { token, body })).status).toBe(201);
    expect((await em.call('POST', 'customers', { token, body: { name: 'Acme' } })).status).toBe(201);
    await em.idle();
    receiver.status = 200;
    await em.advanceClock(60_000);
    em.faults.add({ target: 'webhooks', event: 'customer.created', duplicate: true, times: 1 });
    expect((await em.call('POST', 'customers', { token, body: { name: 'Twice' } })).status).toBe(201);
    await em.idle();
    expect(receiver.requests).toHaveLength(4);
    expect({ ...hitsOf(em).events }).toEqual({
      'customer.created subscribed': 1,
      'customer.created delivered': 2,
      'customer.created retried': 1,
      'customer.created duplicate': 1,
      'customer.created answered 2xx': 3,
    });
    expect({ ...hitsOf(em).scopes }).toEqual({ 'customers.read': 1, 'customers.write': 2 });
  });

  it('counts each time rule that changed a record, in its words', async () => {
    const em = await inProcess();
    const { token } = await em.token();
    const customer = (await em.call('POST', 'customers', { token, body: { name: 'Acme' } })).body.data;
    const lineItems = [{ description: 'Consulting', quantity: 1, unitPrice: 100 }];
    const dueDate = new Date(em.clock.now() + DAY).toISOString().slice(0, 10);
    const created = await em.call('POST', 'invoices', {
      token,
      body: { customerId: customer._id, lineItems, dueDate },
    });
    await em.call('PATCH', `invoices/${created.body.data._id}`, { token, body: { status: 'sent' } });
    await em.advanceClock(3 * DAY);
    const [rule] = em.registry.resources.find(({ name }) => name === 'invoices')!.timeRules!;
    expect({ ...hitsOf(em).time }).toEqual({ 'clock advanced': 1, [`time rule invoices: ${rule.description}`]: 1 });
  });

  it("keeps what was met across a reset and a rollback: it is the run's, not the world's", async () => {
    const em = await inProcess();
    const { token } = await em.token();
    const checkpoint = em.checkpoint();
    await em.call('GET', 'customers', { token });
    await em.rollback(checkpoint);
    await em.reset();
    await em.call('GET', 'customers', { token });
    expect({ ...hitsOf(em).responses }).toEqual({ 'GET /customers 2xx': 2 });
  });

  it('records nothing with coverage: false, and the control API says so', async () => {
    const em = await createEmulator({ port: 0, coverage: false });
    try {
      expect(em.coverage).toBeNull();
      const answer = await em.inject({ method: 'GET', url: '/_emulator/coverage' });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'coverage_off' });
    } finally {
      await em.close();
    }
  });
});
