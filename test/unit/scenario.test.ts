import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioFile } from '../../src/scenarios/scenario-file.js';
import { ROOT, cleanUp, inProcess, startReceiver } from '../helpers.js';

afterEach(cleanUp);

const SCENARIOS = join(ROOT, 'templates', 'vite-ts', 'scenarios');
const line = [{ description: 'Consulting', quantity: 2, unitPrice: 150 }];

/** The example: later steps refer to what earlier ones made. */
const example: ScenarioFile = {
  steps: [
    { create: 'customers', as: 'acme', data: { name: 'Acme Ltd' } },
    { create: 'invoices', as: 'inv1', data: { customerId: '${acme._id}', dueDate: '${today+60d}', lineItems: line } },
    { update: 'invoices', id: '${inv1._id}', data: { status: 'sent' } },
    { advance: '30d' },
    { trigger: 'invoice.paid', data: { invoiceId: '${inv1._id}' } },
  ],
};

describe('scenarios', () => {
  it('runs the steps in order, resolving references into the records as the API returned them', async () => {
    const emulator = await inProcess();
    const { records } = await emulator.scenario(example);
    expect(records.inv1).toMatchObject({ customerId: records.acme._id, customerName: 'Acme Ltd', status: 'draft' });
    const [invoice] = emulator.records('invoices', { limit: 10, offset: 0 }).data;
    expect(invoice.status).toBe('sent');
    expect(emulator.clock.offsetMs).toBe(30 * 86_400_000);
    // ${today+60d} is the emulated date of the step that read it, and a reference alone keeps its type.
    expect(records.inv1.dueDate).toBe(
      new Date(Date.parse(String(records.inv1.createdAt)) + 60 * 86_400_000).toISOString().slice(0, 10),
    );
    const priced = await emulator.scenario({
      steps: [
        { create: 'products', as: 'p', data: { name: 'Widget', unitPrice: 25 } },
        { create: 'customers', as: 'c', data: { name: 'Ref ${p.name} ${p.unitPrice}' } },
        {
          create: 'invoices',
          data: { customerId: '${c._id}', lineItems: [{ description: 'w', quantity: 1, unitPrice: '${p.unitPrice}' }] },
        },
      ],
    });
    expect(priced.records.c.name).toBe('Ref Widget 25');
  });

  it('leaves no trace when a step fails: records, counters, clock, deliveries', async () => {
    const emulator = await inProcess();
    const receiver = await startReceiver();
    const { token } = await emulator.token();
    for (const event of ['customer.created', 'invoice.created', 'invoice.sent'])
      await emulator.call('POST', 'events/subscribe', { token, body: { event, webhookUrl: receiver.url } });
    await emulator.scenario({ steps: [{ create: 'customers', data: { name: 'Before' } }] });
    await emulator.idle();
    const before = emulator.exportState();
    const deliveries = emulator.deliveries({});
    const failing: ScenarioFile = {
      steps: [
        ...example.steps.slice(0, 4),
        // An invoice cannot go back from sent to draft: the lifecycle refuses the fifth step.
        { update: 'invoices', id: '${inv1._id}', data: { status: 'draft' } },
      ],
    };
    await expect(emulator.scenario(failing)).rejects.toThrow(
      /^step 5 \(update invoices\): an invoice cannot go from sent to draft; allowed: paid, overdue, void; nothing was changed$/,
    );
    expect(emulator.exportState()).toEqual({ ...before, savedAt: expect.any(String) });
    await emulator.idle();
    expect(emulator.deliveries({})).toEqual(deliveries);
    expect(receiver.requests).toHaveLength(1);
    // The invoice number the failed run took is given again.
    const { records } = await emulator.scenario({ steps: example.steps.slice(0, 2) });
    expect(records.inv1.invoiceNumber).toBe('INV-000001');
  });

  it('checks the whole file before the first step, naming the first problem', async () => {
    const emulator = await inProcess();
    const cases: Array<[unknown, string]> = [
      [{ steps: [] }, '"steps" is empty'],
      [
        { steps: [{ create: 'customers', data: { name: 'A' }, override: {} }] },
        'step 1: unknown key "override" (a create step takes create, as, data)',
      ],
      [{ steps: [{ create: 'customers', update: 'customers' }] }, 'step 1: name one action'],
      [{ steps: [{ create: 'clients', data: {} }] }, 'step 1: no collection clients; try customers'],
      [{ steps: [{ create: 'customers', data: { nmae: 'A' } }] }, 'step 1: data.name is required'],
      [{ steps: [{ advance: 'a while' }] }, 'step 1: invalid duration "a while"'],
      [{ steps: [{ trigger: 'invoice.eaten' }] }, 'step 1: invoice.eaten is not in the event catalog'],
      [
        { steps: [{ update: 'invoices', id: '${inv1._id}', data: { status: 'sent' } }] },
        'step 1: ${inv1._id} refers to "inv1", which no earlier step names with "as"',
      ],
      [
        {
          steps: [
            { create: 'customers', as: 'a', data: { name: 'A' } },
            { create: 'customers', data: { name: '${a.nmae}' } },
          ],
        },
        'step 2: ${a.nmae}: a record of customers has no field nmae',
      ],
      [
        {
          steps: [
            { create: 'customers', as: 'a', data: { name: 'A' } },
            { create: 'customers', as: 'a', data: { name: 'B' } },
          ],
        },
        'step 2: the name "a" is given twice',
      ],
      [
        { steps: [{ create: 'customers', data: { name: '${yesterday}' } }] },
        'step 1: ${yesterday} refers to "yesterday"',
      ],
    ];
    for (const [input, message] of cases) {
      await expect(emulator.scenario(input as ScenarioFile)).rejects.toThrow(message);
      expect(emulator.records('customers', { limit: 10, offset: 0 }).total).toBe(0);
    }
  });

  it('fires nothing with webhooks off, and delivers the events in order with their own time when on', async () => {
    const emulator = await inProcess();
    const receiver = await startReceiver();
    const { token } = await emulator.token();
    for (const event of ['customer.created', 'invoice.created', 'invoice.sent', 'invoice.paid'])
      await emulator.call('POST', 'events/subscribe', { token, body: { event, webhookUrl: receiver.url } });
    await emulator.scenario(example, { webhooks: false });
    await emulator.idle();
    expect(receiver.requests).toEqual([]);

    await emulator.scenario(example);
    const bodies = receiver.requests.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.event)).toEqual(['customer.created', 'invoice.created', 'invoice.sent', 'invoice.paid']);
    // The trigger came after the 30 days; the creates before them.
    expect(Date.parse(bodies[3].timestamp) - Date.parse(bodies[0].timestamp)).toBeGreaterThanOrEqual(30 * 86_400_000);
  });

  it('holds API calls while it runs, so none sees or writes into a half-run world', async () => {
    const emulator = await inProcess();
    const { token } = await emulator.token();
    let listed: Promise<{ body: { total: number } }> | null = null;
    const slow = {
      steps: [
        { create: 'customers', data: { name: 'First' } },
        { advance: '1m' },
        { create: 'customers', data: { name: 'Last' } },
      ],
    };
    const running = emulator.scenario(slow);
    // Asked while the run has started, answered after it: the list holds both records.
    listed = emulator.call('GET', 'customers', { token });
    await running;
    expect((await listed).body.total).toBe(2);
  });

  it('runs the example scenarios shipped with the templates', async () => {
    for (const name of ['first-invoice-paid', 'overdue-invoices', 'month-end']) {
      const emulator = await inProcess();
      const { records } = await emulator.scenario(join(SCENARIOS, `${name}.json`));
      expect(Object.keys(records).length).toBeGreaterThan(2);
    }
  });
});
