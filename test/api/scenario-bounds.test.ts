import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, inProcess, type InProcessEmulator } from '../helpers.js';

/**
 * A scenario's references expand: `${a.notes}` costs up to 2,000 characters where it stands. A few
 * megabytes of them once grew the emulator to 1.6 GB and answered 500 after the records were made.
 * Now what a scenario may expand to is capped (docs/limits.md): refused before the first step where
 * the schemas tell, and stopped and rolled back as it runs where they do not.
 */
afterEach(cleanUp);

const withNotes = { create: 'customers', as: 'a', data: { name: 'Acme', notes: 'n'.repeat(2000) } };

async function run(em: InProcessEmulator, steps: unknown[]) {
  return em.call('POST', '/_emulator/scenario', { body: { scenario: { steps } } });
}

const total = (em: InProcessEmulator, collection: string) => em.records(collection, { limit: 1, offset: 0 }).total;

describe('scenario expansion', () => {
  it('refuses a scenario of millions of references before its first step', async () => {
    const em = await inProcess();
    // 4 MB of `${a.notes}`: about 2 GB once expanded.
    const notes = '${a.notes}'.repeat(4_000_000 / 10);
    const res = await run(em, [withNotes, { create: 'customers', data: { name: 'B', notes } }]);
    expect(res).toMatchObject({ status: 400, body: { code: 'scenario_too_large' } });
    expect(res.body.message).toMatch(/more than 10000 references/);
    expect(total(em, 'customers')).toBe(0);
  });

  it('refuses, before its first step, references whose fields the schemas bound past the cap', async () => {
    const em = await inProcess();
    // 9,000 references, each up to 2,002 characters: 18 million, over 16 Mi.
    const steps = Array.from({ length: 9 }, () => ({
      trigger: 'customer.created',
      data: { x: '${a.notes}'.repeat(1000) },
    }));
    const res = await run(em, [withNotes, ...steps]);
    expect(res).toMatchObject({ status: 400, body: { code: 'scenario_too_large' } });
    expect(res.body.message).toMatch(/could expand to 18\d{6} characters/);
    expect(total(em, 'customers')).toBe(0);
  });

  it('stops a run whose references pass the cap as they expand, and takes back what it made', async () => {
    const em = await inProcess();
    const line = { description: 'd'.repeat(500), quantity: 1, unitPrice: 1 };
    const invoice = {
      create: 'invoices',
      as: 'inv',
      data: { customerId: '${a._id}', lineItems: Array.from({ length: 500 }, () => line) },
    };
    // A whole invoice is about 300 KB, and its record schema does not bound it: counted as it runs.
    const trigger = { trigger: 'invoice.created', data: { copies: Array.from({ length: 60 }, () => '${inv}') } };
    const res = await run(em, [withNotes, invoice, trigger]);
    expect(res).toMatchObject({ status: 400, body: { code: 'scenario_too_large', step: 3 } });
    expect(res.body.message).toMatch(/expand to more than 16777216 characters/);
    expect(total(em, 'customers')).toBe(0);
    expect(total(em, 'invoices')).toBe(0);
  });

  it('runs a scenario of ordinary references', async () => {
    const em = await inProcess();
    const res = await run(em, [
      withNotes,
      { create: 'customers', as: 'b', data: { name: '${a.name} 2', notes: '${a.notes}' } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.records.b).toMatchObject({ name: 'Acme 2', notes: 'n'.repeat(2000) });
  });
});
