// A world described once (scenarios/overdue-invoices.json), made afresh for this file, and rolled
// back after each test: a test may change what it likes and the next one starts from the same world.
import { fileURLToPath } from 'node:url';
import { startEmulator, type Checkpoint, type TestEmulator } from 'addon-devkit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let emulator: TestEmulator;
let world: Checkpoint;

beforeAll(async () => {
  emulator = await startEmulator({ scopes: ['customers.*', 'invoices.*'] });
  await emulator.scenario(fileURLToPath(new URL('../scenarios/overdue-invoices.json', import.meta.url)));
  world = emulator.checkpoint();
});
afterEach(() => emulator.rollback(world));
afterAll(() => emulator?.close());

/** A call with a token of this moment: a rollback takes the clock back to before a later one's issue. */
async function api(method: string, path: string, body?: unknown) {
  const token = await emulator.token();
  const response = await fetch(`${emulator.apiUrl}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

const statuses = async () =>
  (await api('GET', 'invoices?limit=100')).body.data.map((i: { customerName: string; status: string }) => [
    i.customerName,
    i.status,
  ]);

describe('the overdue-invoices scenario', () => {
  it('has one invoice overdue, one sent and due soon, one paid', async () => {
    expect(await statuses()).toEqual([
      ['Acme Ltd', 'overdue'],
      ['Globex Corporation', 'sent'],
      ['Initech', 'paid'],
    ]);
  });

  it('moves the invoice due in 3 days to overdue once 4 days pass', async () => {
    await emulator.advanceClock('4d');
    expect((await statuses())[1]).toEqual(['Globex Corporation', 'overdue']);
  });

  it('starts each test from the same world', async () => {
    await api('POST', 'customers', { name: 'Added by a test' });
    expect((await api('GET', 'customers')).body.total).toBe(4);
  });

  it('... which the rollback restored', async () => {
    expect((await api('GET', 'customers')).body.total).toBe(3);
    expect((await statuses())[1]).toEqual(['Globex Corporation', 'sent']);
  });
});
