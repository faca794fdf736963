// addon explore's core against real receivers with one planted bug each (test/fixtures/explore-receivers.ts):
// each bug is found and shrunk to at most 3 steps, the correct receiver passes, and a seed repeats
// its report byte for byte.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { explore, type ExploreOptions } from '../../src/explore/explore.js';
import type { TeamInvariants } from '../../src/explore/invariants.js';
import type { Send } from '../../src/explore/run-sequence.js';
import type { Step } from '../../src/explore/steps.js';
import {
  EXPLORED_APP_ID,
  paymentInvariants,
  startReceiver,
  type FixtureReceiver,
  type Flaw,
} from '../fixtures/explore-receivers.js';
import { startBackend, type BackendFlaw } from '../fixtures/explore-backends.js';
import { freePort } from '../helpers.js';

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
    invariants: paymentInvariants,
    backendUrl: receiver.url,
    ...options,
  });
}

/** The correct receiver, and a backend with `flaw` (or none) that calls the API of explore's emulator. */
async function exploringBackend(flaw: BackendFlaw | null) {
  const port = await freePort();
  const backend = await startBackend(flaw, `http://127.0.0.1:${port}/api/addon/v1`);
  open.push({ url: backend.summaryUrl, close: backend.close });
  return exploring(null, { port, backendUrl: backend.summaryUrl, invariants: {} });
}

const FOUND_AS: Record<Flaw, string> = {
  'pays-twice': 'one payment per invoice',
  'paid-before-created': 'delivery-answered',
  'repeat-fails': 'repeat-answered-alike',
  'lock-across-deliveries': 'delivery-answered',
  'unchecked-customer-created': 'forgery-refused',
  'forgets-early-payment': 'a payment for every paid invoice',
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

  it(
    'replays a sequence given, red against the bug and green against its fixed twin',
    { timeout: 60_000 },
    async () => {
      // Two invoice.paid of one invoice (the org's newest), under two deliveryIds: the bug books both.
      const sequence = [
        { do: 'deliver', event: 'invoice.paid' },
        { do: 'deliver', event: 'invoice.paid' },
      ] as const;
      const red = await exploring('pays-twice', { sequence });
      expect(red.finding).toMatchObject({ invariant: 'one payment per invoice', minimal: sequence, replays: 0 });
      expect((await exploring(null, { sequence })).finding).toBeNull();
    },
  );

  it(
    "gives a team's invariant a view it cannot change the judging or the report through",
    { timeout: 60_000 },
    async () => {
      // A predicate that rewrites every answer it is shown, and empties the list.
      const meddling: TeamInvariants = {
        meddles: (view) => {
          for (const send of view.sends) if (send.outcome.response) send.outcome.response.status = 599;
          (view.sends as Send[]).splice(0);
        },
        ...paymentInvariants,
      };
      const { finding } = await exploring('pays-twice', { invariants: meddling });
      expect(finding?.invariant).toBe('one payment per invoice');
      const answers = finding!.story.flatMap((step) => step.answers);
      expect(answers.length).toBeGreaterThan(0);
      for (const answer of answers) expect(answer).toMatch(/: 200$/);
    },
  );

  it(
    "uninstalls and reinstalls the add-on, and takes a scope from its grant, as an organization's admin does",
    { timeout: 60_000 },
    async () => {
      const seen: Array<[number, string]> = [];
      const watching: TeamInvariants = {
        watches: ({ sends }) =>
          void seen.splice(0, Infinity, ...sends.map((send) => [send.step, send.event] as [number, string])),
      };
      const sequence: Step[] = [
        { do: 'late', event: 'invoice.paid' },
        { do: 'reinstall' },
        { do: 'advance', by: '1m' },
        { do: 'deliver', event: 'invoice.paid' },
        { do: 'revoke', resource: 'invoices' },
        { do: 'deliver', event: 'invoice.paid' },
        { do: 'deliver', event: 'customer.created' },
      ];
      const report = await exploring(null, { sequence, invariants: watching });
      expect(report.finding).toBeNull();
      // The late delivery died with the subscription the uninstall ended; the receivers subscribed
      // anew got the next; once invoices.read was taken, invoice.paid went nowhere, customer.created on.
      expect(seen).toEqual([
        [3, 'invoice.paid'],
        [6, 'customer.created'],
      ]);
    },
  );

  it('explores a receiver on a port fetch calls unsafe, as the platform delivers there all the same', async () => {
    // 6666 and the like are refused by fetch's spec (a "bad port"), not by node:http, which delivers.
    const port = await firstFree([6666, 6667, 6668, 6669, 6697, 10080]);
    const receiver = await startReceiver(null, port);
    open.push(receiver);
    const report = await explore({
      emulator: { appId: EXPLORED_APP_ID },
      webhooks: [{ event: 'invoice.paid', url: `${receiver.url}/webhooks` }],
      sequence: [{ do: 'deliver', event: 'invoice.paid' }],
    });
    expect(report).toMatchObject({ finding: null, requests: 1 });
  });

  for (const [flaw, invariant] of [
    ['retries-before-retry-after', 'retry-after-respected'],
    ['reuses-expired-token', 'expired-token-not-reused'],
  ] as const)
    it(`finds a backend that ${flaw.replaceAll('-', ' ')}, in one call step`, { timeout: 120_000 }, async () => {
      const { finding } = await exploringBackend(flaw);
      expect(finding, `no finding against ${flaw}`).toMatchObject({ invariant, minimal: [{ do: 'call' }] });
      expect(finding!.story[0]!.answers).toContain(
        `API GET /invoices: ${invariant === 'retry-after-respected' ? 429 : 401}`,
      );
    });

  it("shows a team's invariant the world's records and the backend's API calls", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const backend = await startBackend(null, `http://127.0.0.1:${port}/api/addon/v1`);
    open.push({ url: backend.summaryUrl, close: backend.close });
    const seen: unknown[] = [];
    const watching: TeamInvariants = {
      watches: ({ records, calls }) =>
        void seen.push([records('invoices').length, calls.map((c) => `${c.method} ${c.path} ${c.status}`)]),
    };
    const sequence: Step[] = [
      { do: 'create', resource: 'invoices', sample: 0 },
      { do: 'call', fault: 'unavailable' },
    ];
    const report = await exploring(null, { port, backendUrl: backend.summaryUrl, sequence, invariants: watching });
    expect(report.finding).toBeNull();
    expect(seen).toEqual([
      [1, []],
      [1, ['GET /invoices 503', 'GET /invoices 200']],
    ]);
  });

  it('finds nothing wrong with a backend that leaves a 429 and a 401 to its page', { timeout: 120_000 }, async () => {
    const report = await exploringBackend(null);
    expect(report.finding).toBeNull();
    expect(report.invariants).toContain('retry-after-respected');
  });

  it('refuses a sequence with a step that would do nothing, naming it', { timeout: 60_000 }, async () => {
    await expect(exploring(null, { sequence: [{ do: 'deliver', event: 'ticket.created' }] })).rejects.toThrow(
      'step 1 of the sequence: "ticket.created" is none of the events explored (customer.created, invoice.created, invoice.paid)',
    );
    const bogus = [{ do: 'deliver', event: 'invoice.paid' }, { do: 'teleport' }] as unknown as Step[];
    await expect(exploring(null, { sequence: bogus })).rejects.toThrow('step 2 of the sequence: "do" is one of');
  });

  it('gives the same report for the same seed, byte for byte', { timeout: 120_000 }, async () => {
    const [first, second] = [await exploring('pays-twice'), await exploring('pays-twice')];
    expect(first.finding).not.toBeNull();
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });
});

/** The first of `ports` free on 127.0.0.1. */
async function firstFree(ports: number[]): Promise<number> {
  for (const port of ports) {
    const server = createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) return new Promise((resolve) => server.close(() => resolve(port)));
  }
  throw new Error(`none of ${ports.join(', ')} is free`);
}
