import { afterEach, describe, expect, it } from 'vitest';
import { createClock, type Timers } from '../../src/common/clock.js';
import { internalsOf } from '../../src/emulator/internals.js';
import { cleanUp, inProcess, type InProcessEmulator, startReceiver, tempDir } from '../helpers.js';

afterEach(cleanUp);

const DAY = 86_400_000;
/** Real-time waits that never end: only an advance, a start or a sweep can move an invoice here. */
const stillTimers: Timers = { set: () => 0, clear: () => {}, now: () => 0 };

/** A sent invoice of a new customer in the emulated organization, due `days` after emulated today. */
async function sentInvoice(em: InProcessEmulator, token: string, days: number) {
  const customer = (await em.call('POST', 'customers', { token, body: { name: 'Acme Ltd' } })).body.data;
  const dueDate = new Date(em.clock.now() + days * DAY).toISOString().slice(0, 10);
  const lineItems = [{ description: 'Consulting', quantity: 1, unitPrice: 100 }];
  const created = await em.call('POST', 'invoices', { token, body: { customerId: customer._id, lineItems, dueDate } });
  expect(created.status).toBe(201);
  const sent = await em.call('PATCH', `invoices/${created.body.data._id}`, { token, body: { status: 'sent' } });
  return sent.body.data as { _id: string; status: string; dueDate: string };
}

describe('time rules in the emulator', () => {
  it('moves an invoice that fell due while the emulator was stopped once it listens, and tells the subscribers', async () => {
    const dataDir = await tempDir();
    const receiver = await startReceiver();
    const first = await inProcess({ dataDir, timers: stillTimers });
    const token = (await first.token()).token;
    const body = { event: 'invoice.overdue', webhookUrl: receiver.url };
    expect((await first.call('POST', 'events/subscribe', { token, body })).status).toBe(201);
    const invoice = await sentInvoice(first, token, 2);
    await first.close();

    // Four days later, as if the emulator had been stopped that long.
    const clock = createClock({ offsetMs: first.clock.offsetMs + 4 * DAY });
    const second = await inProcess({ dataDir, clock, timers: stillTimers });
    expect(internalsOf(second).domain.collection('invoices').get(second.settings.orgId, invoice._id).status).toBe(
      'sent',
    );
    await second.listen();
    await second.idle();
    expect(internalsOf(second).domain.collection('invoices').get(second.settings.orgId, invoice._id).status).toBe(
      'overdue',
    );
    expect(receiver.requests.map((r) => JSON.parse(r.body))).toMatchObject([
      { event: 'invoice.overdue', data: { invoiceId: invoice._id, status: 'overdue', daysOverdue: 2 } },
    ]);
  });

  it('moves it with the clock in process: advanceClock returns with the event delivered and logged', async () => {
    const receiver = await startReceiver();
    const em = await inProcess({ timers: stillTimers });
    const token = (await em.token()).token;
    const body = { event: 'invoice.overdue', webhookUrl: receiver.url };
    expect((await em.call('POST', 'events/subscribe', { token, body })).status).toBe(201);
    const invoice = await sentInvoice(em, token, 0);

    await em.advanceClock(DAY);
    const [delivery] = em.deliveries({ event: 'invoice.overdue', limit: 10 });
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: [{ attempt: 1 }] });
    expect(JSON.parse(delivery.payload).data).toMatchObject({ invoiceId: invoice._id, daysOverdue: 1 });

    await em.advanceClock(30 * DAY);
    await em.idle();
    expect(em.deliveries({ event: 'invoice.overdue', limit: 10 })).toHaveLength(1);
    expect(receiver.requests).toHaveLength(1);
  });
});
