import { afterEach, describe, expect, it } from 'vitest';
import { createClock, type Timers } from '../../src/common/clock.js';
import type { RecordChange } from '../../src/domain/collection-service.js';
import { createDomain } from '../../src/domain/domain.js';
import type { Fields } from '../../src/domain/resource.js';
import { RESOURCES } from '../../src/domain/resources/index.js';
import { createTimeRules, type TimeRules } from '../../src/domain/time-rules.js';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import { openDocumentStore } from '../../src/store/document-store.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);

/** Timers run by hand: what is armed, and for how long; `fire()` runs it as the wait ending would. */
function handTimers() {
  const armed = new Map<number, { callback: () => void; ms: number }>();
  let last = 0;
  const timers: Timers = {
    set(callback, ms) {
      armed.set(++last, { callback, ms });
      return last;
    },
    clear: (handle) => void armed.delete(handle as number),
    now: () => 0,
  };
  return {
    timers,
    /** The waits armed now, in ms. */
    waits: () => [...armed.values()].map((t) => t.ms),
    fire() {
      const all = [...armed.values()];
      armed.clear();
      all.forEach((t) => t.callback());
    },
  };
}

const opened: TimeRules[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

/**
 * The invoices of a domain over a store, on a clock whose real-time source the test moves; the
 * runner hears of every change, as the emulator wires it, and `fired()` lists the events of the changes.
 */
async function setup() {
  let real = at('2027-01-15T12:00:00.000Z');
  const clock = createClock({ source: () => real });
  const store = await openDocumentStore(memoryPersistence());
  const hand = handTimers();
  const changes: RecordChange[] = [];
  const errors: string[] = [];
  const domain = createDomain(RESOURCES, {
    store,
    clock,
    onChange(change) {
      changes.push(change);
      rules.onChange(change);
    },
  });
  const rules = createTimeRules({
    domain,
    store,
    clock,
    timers: hand.timers,
    logger: { error: (m) => errors.push(m) },
  });
  opened.push(rules);
  const invoices = domain.collection('invoices');

  /** A sent invoice (or one in `status`, reached along the lifecycle by PATCHes) of a new customer. */
  const invoice = async (fields: Fields, status = 'sent', orgId = 'org_a') => {
    const customer = await domain.collection('customers').create(orgId, { name: 'Acme Ltd' });
    const lineItems = [{ description: 'Consulting', quantity: 2, unitPrice: 150 }];
    const created = await invoices.create(orgId, { customerId: customer._id, lineItems, ...fields });
    if (status === created.status) return created;
    const sent = await invoices.update(orgId, created._id, { status: 'sent' });
    return status === 'sent' ? sent : invoices.update(orgId, created._id, { status });
  };
  const statusOf = (id: string, orgId = 'org_a') => invoices.get(orgId, id).status;
  const fired = () => changes.flatMap((change) => DEFAULT_REGISTRY.catalog.eventsOf(change).map((e) => e.name));
  const overdueEvents = () => fired().filter((name) => name === 'invoice.overdue');
  return {
    rules,
    clock,
    invoices,
    invoice,
    statusOf,
    fired,
    overdueEvents,
    errors,
    hand,
    /** Real time passes: the emulated clock runs on with it. */
    pass: (ms: number) => void (real += ms),
  };
}

describe('time rules', () => {
  it('makes an unpaid sent invoice overdue at 00:00 UTC the day after its due date, when the clock is advanced there', async () => {
    const t = await setup();
    const { _id } = await t.invoice({ issueDate: '2027-01-10', dueDate: '2027-01-31' });
    t.clock.advance(at('2027-01-31T23:59:59.999Z') - t.clock.now());
    expect(await t.rules.sweep()).toBe(0);
    expect(t.statusOf(_id)).toBe('sent');

    t.clock.advance(1);
    expect(await t.rules.sweep()).toBe(1);
    const moved = t.invoices.get('org_a', _id);
    expect(moved).toMatchObject({ status: 'overdue', updatedAt: '2027-02-01T00:00:00.000Z' });
    expect(t.fired().slice(-2)).toEqual(['invoice.updated', 'invoice.overdue']);
    expect(t.errors).toEqual([]);
  });

  it('makes it overdue when real time reaches the due instant, by the timer it armed', async () => {
    const t = await setup();
    const { _id } = await t.invoice({ issueDate: '2027-01-10', dueDate: '2027-01-31' });
    // Emulated time runs at real speed: the wait is the distance to the due instant.
    expect(t.hand.waits()).toEqual([at('2027-02-01T00:00:00.000Z') - t.clock.now()]);
    t.pass(t.hand.waits()[0]);
    t.hand.fire();
    await t.rules.idle();
    expect(t.statusOf(_id)).toBe('overdue');
    expect(t.overdueEvents()).toHaveLength(1);
    expect(t.hand.waits()).toEqual([]);
  });

  it('moves an invoice once, whatever sweeps and PATCHes come after', async () => {
    const t = await setup();
    const { _id } = await t.invoice({ issueDate: '2027-01-10', dueDate: '2027-01-12' });
    await t.rules.sweep();
    expect(t.statusOf(_id)).toBe('overdue');
    await expect(t.invoices.update('org_a', _id, { status: 'sent' })).rejects.toMatchObject({ statusCode: 409 });
    t.clock.advance(30 * DAY);
    expect(await t.rules.sweep()).toBe(0);
    await t.invoices.update('org_a', _id, { status: 'paid' });
    expect(await t.rules.sweep()).toBe(0);
    expect(t.statusOf(_id)).toBe('paid');
    expect(t.overdueEvents()).toHaveLength(1);
  });

  it('re-arms for a record changed to fall due sooner, and not for other collections', async () => {
    const t = await setup();
    const { _id } = await t.invoice({ issueDate: '2027-01-10', dueDate: '2027-02-05' });
    expect(t.hand.waits()).toEqual([at('2027-02-06T00:00:00.000Z') - t.clock.now()]);
    await t.invoices.update('org_a', _id, { dueDate: '2027-01-20' });
    const wait = at('2027-01-21T00:00:00.000Z') - t.clock.now();
    expect(t.hand.waits()).toEqual([wait]);
    // A later date, or a record of another collection, leaves the sooner timer as it is.
    await t.invoice({ issueDate: '2027-01-10', dueDate: '2027-02-01' });
    expect(t.hand.waits()).toEqual([wait]);

    t.pass(wait);
    t.hand.fire();
    await t.rules.idle();
    expect(t.statusOf(_id)).toBe('overdue');
    expect(t.hand.waits()).toEqual([at('2027-02-02T00:00:00.000Z') - t.clock.now()]);
  });

  it('leaves draft, paid and void invoices alone, however late', async () => {
    const t = await setup();
    const dates = { issueDate: '2027-01-01', dueDate: '2027-01-02' };
    const others = [await t.invoice(dates, 'draft'), await t.invoice(dates, 'paid'), await t.invoice(dates, 'void')];
    t.clock.advance(365 * DAY);
    expect(await t.rules.sweep()).toBe(0);
    expect(others.map((i) => t.statusOf(i._id))).toEqual(['draft', 'paid', 'void']);
    // Nothing is left to wait for.
    expect(t.hand.waits()).toEqual([]);
    expect(t.overdueEvents()).toEqual([]);
  });

  it('makes an invoice created already past due overdue at the next sweep, in every organization', async () => {
    const t = await setup();
    const a = await t.invoice({ status: 'sent', issueDate: '2027-01-01', dueDate: '2027-01-05' }, 'sent', 'org_a');
    const b = await t.invoice({ issueDate: '2027-01-01', dueDate: '2027-01-14' }, 'sent', 'org_b');
    expect(t.statusOf(a._id, 'org_a')).toBe('sent');
    // Due already: the timer is armed to sweep at once, and idle() runs a due sweep itself.
    expect(t.hand.waits()).toEqual([0]);
    await t.rules.idle();
    expect([t.statusOf(a._id, 'org_a'), t.statusOf(b._id, 'org_b')]).toEqual(['overdue', 'overdue']);
    expect(t.overdueEvents()).toHaveLength(2);
  });

  it('waits at most what a timer can hold for an instant years away', async () => {
    const t = await setup();
    await t.invoice({ issueDate: '2027-01-10', dueDate: '2030-01-01' });
    expect(t.hand.waits()).toEqual([2 ** 31 - 1]);
    // The wait ends long before the due instant: the sweep finds nothing and waits again.
    t.pass(2 ** 31 - 1);
    t.hand.fire();
    await t.rules.idle();
    expect(t.hand.waits()).toEqual([2 ** 31 - 1]);
    expect(t.overdueEvents()).toEqual([]);
  });

  it('runs one sweep at a time, and none once closed', async () => {
    const t = await setup();
    await t.invoice({ issueDate: '2027-01-01', dueDate: '2027-01-05' });
    const counts = await Promise.all([t.rules.sweep(), t.rules.sweep(), t.rules.sweep()]);
    expect(counts.sort()).toEqual([0, 0, 1]);
    expect(t.overdueEvents()).toHaveLength(1);

    await t.invoice({ issueDate: '2027-01-01', dueDate: '2027-01-05' });
    await t.rules.close();
    expect(t.hand.waits()).toEqual([]);
    expect(await t.rules.sweep()).toBe(0);
    expect(t.overdueEvents()).toHaveLength(1);
  });
});
