// addon explore's core against real receivers with one planted bug each (test/fixtures/explore-receivers.ts):
// each bug is found and shrunk to at most 3 steps, the correct receiver passes, and a seed repeats
// its report byte for byte.
import { afterEach, describe, expect, it } from 'vitest';
import { explore, type ExploreOptions } from '../../src/explore/explore.js';
import {
  EXPLORED_APP_ID,
  onePaymentPerInvoice,
  startReceiver,
  type FixtureReceiver,
  type Flaw,
} from '../fixtures/explore-receivers.js';

const EVENTS = ['customer.created', 'invoice.created', 'invoice.paid'];
const open: FixtureReceiver[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((receiver) => receiver.close()));
});

async function exploring(flaw: Flaw | null, options: Partial<ExploreOptions> = {}) {
  const receiver = await startReceiver(flaw);
  open.push(receiver);
  return explore({
    emulator: { appId: EXPLORED_APP_ID },
    webhooks: EVENTS.map((event) => ({ event, url: `${receiver.url}/webhooks` })),
    seed: 7,
    runs: 40,
    steps: 12,
    invariants: onePaymentPerInvoice,
    backendUrl: receiver.url,
    ...options,
  });
}

const FOUND_AS: Record<Flaw, string> = {
  'pays-twice': 'one payment per invoice',
  'paid-before-created': 'delivery-answered',
  'repeat-fails': 'repeat-answered-alike',
  'lock-across-deliveries': 'delivery-answered',
  'unchecked-customer-created': 'forgery-refused',
};

describe('addon explore', () => {
  for (const flaw of Object.keys(FOUND_AS) as Flaw[])
    it(`finds a receiver's ${flaw} bug and shrinks it to at most 3 steps`, { timeout: 120_000 }, async () => {
      const { finding } = await exploring(flaw);
      expect(finding, `no finding against ${flaw}`).not.toBeNull();
      expect(finding!.invariant).toBe(FOUND_AS[flaw]);
      expect(finding!.minimal.length).toBeLessThanOrEqual(3);
      expect(finding!.story.map((s) => s.step)).toHaveLength(finding!.minimal.length);
    });

  it('finds nothing wrong with the correct receiver', { timeout: 120_000 }, async () => {
    const report = await exploring(null);
    expect(report.finding).toBeNull();
    expect(report.runs).toEqual({ asked: 40, done: 40 });
    expect(report.requests).toBeGreaterThan(40);
  });

  it('gives the same report for the same seed, byte for byte', { timeout: 120_000 }, async () => {
    const [first, second] = [await exploring('pays-twice'), await exploring('pays-twice')];
    expect(first.finding).not.toBeNull();
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });
});
