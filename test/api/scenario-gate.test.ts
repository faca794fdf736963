import { afterEach, describe, expect, it } from 'vitest';
import { api, cleanUp, inProcess, type InProcessEmulator, startReceiver, tempDir } from '../helpers.js';

/**
 * A scenario runs behind a gate: every change and every capture of the world made meanwhile, over
 * the add-on API or the control API, waits until it is done, so a rollback never undoes what was
 * answered and no saved state holds a half-made world. Once its steps have succeeded the gate
 * opens, though its events are still going out: a slow receiver holds up the scenario's answer, not
 * the API.
 */
afterEach(cleanUp);

async function started(): Promise<InProcessEmulator & { bearer: string }> {
  const em = await inProcess({ dataDir: await tempDir() });
  await em.listen();
  return Object.assign(em, { bearer: (await em.token({})).token });
}

/** A scenario of `steps`, run over the control API. */
const runScenario = (em: InProcessEmulator, steps: unknown[]) =>
  em.call('POST', '/_emulator/scenario', { body: { scenario: { steps } } });

/** A request that notes its name in `order` once it is answered. */
function tracked(promise: Promise<{ status: number; body: any }>, order: string[], name: string) {
  return promise.then((res) => {
    order.push(name);
    return res;
  });
}

describe('while a scenario runs', () => {
  it('control calls and API calls wait for it, and none is undone by its rollback', async () => {
    const em = await started();
    const receiver = await startReceiver({ status: 500 });
    await em.call('POST', 'events/subscribe', {
      token: em.bearer,
      body: { event: 'customer.created', webhookUrl: receiver.url },
    });
    await em.call('POST', 'customers', { token: em.bearer, body: { name: 'Before' } });
    await receiver.received(1);
    await em.idle();
    // The scenario's advance step sends the retry that falls due: the receiver holds it, so the run
    // stands still inside its steps until the test lets it go.
    receiver.hold = true;
    const order: string[] = [];
    const run = tracked(
      runScenario(em, [
        { create: 'customers', data: { name: 'Made by the run' } },
        { advance: '1m' },
        { update: 'customers', id: 'cus_missing', data: { name: 'x' } },
      ]),
      order,
      'scenario',
    );
    await receiver.received(2);

    const control = (method: string, path: string, body?: unknown) =>
      api(`${em.url}/_emulator${path}`, { method, body });
    const during = {
      seed: tracked(control('POST', '/seed', { size: 1 }), order, 'seed'),
      advance: tracked(control('POST', '/clock/advance', { by: '10m' }), order, 'advance'),
      save: tracked(control('POST', '/states', { name: 'during' }), order, 'save'),
      trigger: tracked(control('POST', '/events/trigger', { event: 'customer.created' }), order, 'trigger'),
      token: tracked(control('POST', '/tokens', {}), order, 'token'),
      records: tracked(control('GET', '/records/customers'), order, 'records'),
      create: tracked(
        api(`${em.apiUrl}/customers`, { token: em.bearer, body: { name: 'Made meanwhile' } }),
        order,
        'create',
      ),
    };
    // What happened meanwhile is history, not the world: the inbox answers at once and keeps it.
    expect((await em.call('POST', '/inbox/during', { body: { at: 'during the run' } })).status).toBe(401);
    expect(order).toEqual([]);

    receiver.hold = false;
    receiver.letGo();
    const failed = await run;
    expect(failed).toMatchObject({ status: 404, body: { code: 'not_found', step: 3 } });
    const answers = Object.fromEntries(
      await Promise.all(Object.entries(during).map(async ([name, p]) => [name, await p] as const)),
    );
    for (const [name, res] of Object.entries(answers)) expect(res.status, name).toBeLessThan(300);

    // Every answered call is still there after the rollback.
    const names = em.records('customers', { limit: 100, offset: 0 }).data.map((c) => c.name);
    expect(names).toContain('Made meanwhile');
    expect(names).not.toContain('Made by the run');
    // Before, Made meanwhile and what the seed made (the trigger's data came from the newest customer).
    expect(names.length).toBe(2 + answers.seed.body.created.customers);
    expect(answers.records.body.data.map((c: { name: string }) => c.name)).not.toContain('Made by the run');
    expect(em.clock.offsetMs).toBe(600_000); // the run's minute undone, the 10 minutes asked meanwhile kept
    expect((await em.call('GET', '/_emulator/inbox/during')).body.data).toHaveLength(1);
    const minted = answers.token.body.token;
    expect((await em.call('GET', 'customers', { token: minted })).status).toBe(200);
    // The state saved meanwhile holds a whole world: none of the run's half-made one.
    await em.restoreState('during');
    const restored = em.records('customers', { limit: 100, offset: 0 }).data.map((c) => c.name);
    expect(restored).toContain('Before');
    expect(restored).not.toContain('Made by the run');
  });
});

describe('once a scenario has committed', () => {
  it('opens the API while its events still go out, in order, with later events behind them', async () => {
    const em = await started();
    const receiver = await startReceiver();
    for (const event of ['customer.created', 'customer.updated'])
      await em.call('POST', 'events/subscribe', { token: em.bearer, body: { event, webhookUrl: receiver.url } });
    receiver.hold = true;
    const order: string[] = [];
    const run = tracked(
      runScenario(em, [
        { create: 'customers', as: 'a', data: { name: 'A' } },
        { create: 'customers', as: 'b', data: { name: 'B' } },
        { create: 'customers', as: 'c', data: { name: 'C' } },
      ]),
      order,
      'scenario',
    );
    // The first held event is at the receiver: the world is committed, the others wait their turn.
    const [first] = await receiver.received(1);
    expect(JSON.parse(first.body).data.name).toBe('A');
    const listed = await em.call('GET', 'customers', { token: em.bearer });
    expect(listed.body.data.map((c: { name: string }) => c.name)).toEqual(['A', 'B', 'C']);
    const id = listed.body.data[0]._id;
    // A change made now fires its event behind the scenario's.
    const patched = await em.call('PATCH', `customers/${id}`, { token: em.bearer, body: { name: 'A2' } });
    expect(patched.status).toBe(200);
    expect(order).toEqual([]);

    for (let n = 1; n <= 4; n++) {
      await receiver.received(n);
      receiver.letGo();
    }
    expect((await run).status).toBe(200);
    await em.idle();
    receiver.letGo();
    const events = receiver.requests.map((r) => {
      const body = JSON.parse(r.body);
      return `${body.event} ${body.data.name}`;
    });
    expect(events).toEqual(['customer.created A', 'customer.created B', 'customer.created C', 'customer.updated A2']);
  });
});
