import { afterEach, describe, expect, it } from 'vitest';
import type { ClockState } from '../../src/common/clock.js';
import { api, attemptsLogged, cleanUp, cli, startDev, startReceiver } from '../helpers.js';

/** `addon clock advance` through the real CLI: what fell due is done and logged when it returns. */
afterEach(cleanUp);

const DAY = 86_400_000;
/** How long the receivers below take to answer: far longer than running `addon deliveries` takes. */
const SLOW_MS = 1_000;

async function dev() {
  const emulator = await startDev(['--ephemeral']);
  const run = async (...args: string[]) => {
    const result = await cli([...args, '--emulator', emulator.url]);
    expect(result.exitCode, result.stderr).toBe(0);
    return result;
  };
  // Long enough for every advance below (tokens expire on the emulated clock).
  const token = (await run('token', '--expires-in', '30d')).stdout.trim();
  const call = (path: string, body?: unknown, method?: string) =>
    api(`${emulator.apiUrl}${path}`, { token, body, method });
  const deliveries = async (...filter: string[]) =>
    (
      JSON.parse((await run('deliveries', '--json', ...filter)).stdout) as {
        data: Array<{ status: string; attempts: unknown[] }>;
      }
    ).data;
  /** The control API's idle signal: nothing in flight or due, so nothing more can have arrived. */
  const idle = async () => expect((await api(`${emulator.url}/_emulator/idle`)).body).toEqual({ idle: true });
  return { emulator, run, call, deliveries, idle };
}

describe('addon clock advance', () => {
  it('makes an unpaid invoice overdue the day after its due date, fires invoice.overdue once, and returns with it logged', async () => {
    const { run, call, deliveries, idle } = await dev();
    // Start at noon UTC on the emulated clock, so the three days below never straddle a midnight.
    const { nowMs } = JSON.parse((await run('clock', '--json')).stdout) as ClockState;
    const toNoon = Math.ceil(((1.5 * DAY - (nowMs % DAY)) % DAY) / 1000) + 1;
    const noon = JSON.parse((await run('clock', 'advance', `${toNoon}s`, '--json')).stdout) as ClockState;
    const dueDate = new Date(noon.nowMs + 3 * DAY).toISOString().slice(0, 10);

    // A slow receiver: a command that returned before the attempt ended would find nothing logged.
    const receiver = await startReceiver({ delayMs: SLOW_MS });
    expect((await call('/events/subscribe', { event: 'invoice.overdue', webhookUrl: receiver.url })).status).toBe(201);
    const customer = (await call('/customers', { name: 'Acme Ltd' })).body.data;
    const lineItems = [{ description: 'Consulting', quantity: 2, unitPrice: 150 }];
    const invoice = (await call('/invoices', { customerId: customer._id, lineItems, dueDate })).body.data;
    expect((await call(`/invoices/${invoice._id}`, { status: 'sent' }, 'PATCH')).body.data.status).toBe('sent');

    // Three days on, it is the due date itself: still on time.
    await run('clock', 'advance', '3d');
    await idle();
    expect((await call(`/invoices/${invoice._id}`)).body.data.status).toBe('sent');
    expect(receiver.requests).toEqual([]);
    expect(await deliveries('--event', 'invoice.overdue')).toEqual([]);

    // A day later it is overdue, and the delivery is in the log the moment the command returns.
    await run('clock', 'advance', '1d');
    const [delivery] = await deliveries('--event', 'invoice.overdue');
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: [{ attempt: 1, response: { status: 200 } }] });
    expect(receiver.requests).toHaveLength(1);
    const { event, data } = JSON.parse(receiver.requests[0].body);
    expect(event).toBe('invoice.overdue');
    expect(data).toMatchObject({ invoiceId: invoice._id, status: 'overdue', dueDate, daysOverdue: 1 });
    expect((await call(`/invoices/${invoice._id}`)).body.data.status).toBe('overdue');

    // Once only: ten more days fire nothing more.
    await run('clock', 'advance', '10d');
    await idle();
    expect(receiver.requests).toHaveLength(1);
    expect(await deliveries('--event', 'invoice.overdue')).toHaveLength(1);
  });

  it('returns with the webhook retry that fell due already in the delivery log', async () => {
    const { run, call, deliveries, emulator } = await dev();
    const receiver = await startReceiver({ status: 500 });
    expect((await call('/events/subscribe', { event: 'customer.created', webhookUrl: receiver.url })).status).toBe(201);
    await call('/customers', { name: 'Acme Ltd' });
    // The retry is due a minute after attempt 1 is logged: advance only after that.
    await attemptsLogged(emulator, 1);
    Object.assign(receiver, { status: 200, delayMs: SLOW_MS });

    await run('clock', 'advance', '1m');
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: [
        { attempt: 1, response: { status: 500 } },
        { attempt: 2, response: { status: 200 } },
      ],
    });
    expect(receiver.requests).toHaveLength(2);
  });
});
