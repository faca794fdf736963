import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, expectOneLine, startDev, startReceiver, tempDir } from '../helpers.js';

/** `addon scenario run` through the real CLI against `addon dev`. */
afterEach(cleanUp);

const EVENTS = ['customer.created', 'invoice.created', 'invoice.sent', 'invoice.paid', 'payment.received'];
const line = { description: 'Consulting', quantity: 2, unitPrice: 150 };
const steps = [
  { create: 'customers', as: 'acme', data: { name: 'Acme Ltd' } },
  { create: 'invoices', as: 'inv1', data: { customerId: '${acme._id}', dueDate: '${today+60d}', lineItems: [line] } },
  { update: 'invoices', id: '${inv1._id}', data: { status: 'sent' } },
  { advance: '30d' },
  { update: 'invoices', id: '${inv1._id}', as: 'paid', data: { status: 'paid' } },
];

async function dev() {
  const emulator = await startDev(['--ephemeral', '--rate-limit', '100000']);
  const run = (...command: string[]) => cli([...command, '--emulator', emulator.url]);
  const token = async () => (await run('token')).stdout.trim();
  const receiver = await startReceiver();
  const subscriber = await token();
  for (const event of EVENTS)
    await api(`${emulator.apiUrl}/events/subscribe`, { token: subscriber, body: { event, webhookUrl: receiver.url } });
  const file = async (scenario: unknown) => {
    const path = join(await tempDir(), 'scenario.json');
    await writeFile(path, JSON.stringify(scenario));
    return path;
  };
  const world = async () => (await api(`${emulator.url}/_emulator/state`)).body.organizations;
  const idle = () => api(`${emulator.url}/_emulator/idle`);
  return { emulator, run, token, receiver, file, world, idle };
}

describe('addon scenario run', () => {
  it('resolves references and prints the named records with --json', async () => {
    const { run, file } = await dev();
    const result = await run('scenario', 'run', await file({ steps }), '--json');
    expect(result.stderr).toBe('');
    const { records } = JSON.parse(result.stdout);
    expect(Object.keys(records)).toEqual(['acme', 'inv1', 'paid']);
    expect(records.inv1.customerId).toBe(records.acme._id);
    expect(records.paid).toMatchObject({ _id: records.inv1._id, status: 'paid', amountDue: 0 });
  });

  it('fires exactly the events the same API calls fire, and none with --webhooks off', async () => {
    const scenario = await dev();
    expect((await scenario.run('scenario', 'run', await scenario.file({ steps }))).exitCode).toBe(0);
    const byScenario = scenario.receiver.requests.map((r) => JSON.parse(r.body).event);

    const byHand = await dev();
    const token = await byHand.token();
    const call = (path: string, body: unknown, method = 'POST') =>
      api(`${byHand.emulator.apiUrl}${path}`, { token, body, method });
    const customer = (await call('/customers', { name: 'Acme Ltd' })).body.data;
    const invoice = (await call('/invoices', { customerId: customer._id, lineItems: [line] })).body.data;
    await call(`/invoices/${invoice._id}`, { status: 'sent' }, 'PATCH');
    await call(`/invoices/${invoice._id}`, { status: 'paid' }, 'PATCH');
    await byHand.idle();
    const sorted = (events: string[]) => [...events].sort();
    expect(byScenario).toHaveLength(5);
    expect(sorted(byScenario)).toEqual(sorted(byHand.receiver.requests.map((r) => JSON.parse(r.body).event)));

    await scenario.run('scenario', 'run', await scenario.file({ steps }), '--webhooks', 'off');
    await scenario.idle();
    expect(scenario.receiver.requests).toHaveLength(5);
  });

  it('leaves no trace when the fifth step fails, in one line naming it', async () => {
    const { run, file, world, receiver, idle } = await dev();
    const before = await world();
    const failing = [...steps.slice(0, 4), { update: 'invoices', id: '${inv1._id}', data: { status: 'draft' } }];
    expectOneLine(
      await run('scenario', 'run', await file({ steps: failing })),
      /scenario\.json: step 5 \(update invoices\): an invoice cannot go from sent to draft; allowed: paid, overdue, void; nothing was changed$/,
    );
    expect(await world()).toEqual(before);
    expect(JSON.parse((await run('clock', '--json')).stdout).offsetMs).toBe(0);
    await idle();
    expect(receiver.requests).toEqual([]);
  });

  it('works in the organization --org names, and refuses a mistake before the first step', async () => {
    const { run, file, emulator } = await dev();
    await run('scenario', 'run', await file({ steps: steps.slice(0, 2) }), '--org', 'org_other');
    const other = (await api(`${emulator.url}/_emulator/records/invoices?orgId=org_other`)).body;
    expect(other.total).toBe(1);
    expect((await api(`${emulator.url}/_emulator/records/invoices`)).body.total).toBe(0);
    expectOneLine(
      await run('scenario', 'run', await file({ steps: [steps[0], { ...steps[1], overrides: {} }] })),
      /scenario\.json: step 2: unknown key "overrides"/,
    );
    expectOneLine(await run('scenario', 'run', 'missing.json'), /missing\.json does not exist/);
    expectOneLine(
      await run('scenario', 'run', await file({ steps }), '--webhooks', 'maybe'),
      /--webhooks takes one of on, off/,
      2,
    );
  });
});
