import { afterEach, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, startDev, startReceiver } from '../helpers.js';
import { invoicePaidData } from '../invoice-paid-data.js';

afterEach(cleanUp);

describe('addon trigger EVENT --record ID through the real CLI', () => {
  it("delivers that record's stored fields, --data merged over them, and refuses a wrong id in one line", async () => {
    const dev = await startDev(['--ephemeral']);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    const run = (args: string[]) => cli([...args, '--emulator', dev.url]);
    const post = async (path: string, body: unknown) => (await api(`${dev.apiUrl}/${path}`, { token, body })).body;
    const receiver = await startReceiver();
    expect(await post('events/subscribe', { event: 'invoice.paid', webhookUrl: receiver.url })).toBeTruthy();
    const customer = (await post('customers', { name: 'Recorded GmbH' })).data;
    const lines = (unitPrice: number) => [{ description: 'Audit', quantity: 2, unitPrice }];
    const created = (await post('invoices', { customerId: customer._id, lineItems: lines(310) })).data;
    // A newer invoice: the one a trigger without --record would have used.
    await post('invoices', { customerId: customer._id, lineItems: lines(5) });
    const stored = (await api(`${dev.apiUrl}/invoices/${created._id}`, { token })).body.data;

    const fired = await run(['trigger', 'invoice.paid', '--record', stored._id, '--data', '{"paymentMethod":"card"}']);
    expect(fired).toMatchObject({ exitCode: 0, stderr: '' });
    const [request] = await receiver.received(1);
    expect(JSON.parse(request.body).data).toEqual(invoicePaidData(stored, 'Recorded GmbH', 'card'));

    const wrong = await run(['trigger', 'invoice.paid', '--record', customer._id]);
    expect(wrong.exitCode).toBe(1);
    expect(wrong.stderr).toBe(
      `addon: ${customer._id} is a customer, and invoice.paid is an event of invoices; give the id of an invoice`,
    );
    const unknown = await run(['trigger', 'invoice.paid', '--record', 'inv_0000000000000000']);
    expect(unknown).toMatchObject({ exitCode: 1, stdout: '' });
    expect(unknown.stderr).toBe('addon: invoice inv_0000000000000000 does not exist in organization org_demo');
    expect(receiver.requests).toHaveLength(1);
  });
});
