import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, inProcess, type InProcessEmulator } from '../helpers.js';
import { invoicePaidData } from '../invoice-paid-data.js';

afterEach(cleanUp);

/** Two invoices in the emulated organization: the record fired for is the older, not the newest a trigger picks by default. */
async function twoInvoices() {
  const em = await inProcess();
  const { token } = await em.token();
  const customer = (await em.call('POST', 'customers', { token, body: { name: 'Stored Ltd' } })).body.data;
  const invoice = async (unitPrice: number) =>
    (
      await em.call('POST', 'invoices', {
        token,
        body: { customerId: customer._id, lineItems: [{ description: 'Work', quantity: 1, unitPrice }] },
      })
    ).body.data;
  const older = await invoice(120);
  await invoice(75);
  return { em, customer, older };
}

const trigger = (em: InProcessEmulator, body: Record<string, unknown>) =>
  em.call('POST', '/_emulator/events/trigger', { body });

describe('POST /_emulator/events/trigger with recordId', () => {
  it("fires the event with the record's fields as stored, --data merged over them", async () => {
    const { em, older } = await twoInvoices();
    const fired = await trigger(em, { event: 'invoice.paid', recordId: older._id });
    expect(fired.status).toBe(201);
    expect(fired.body.data).toEqual(invoicePaidData(older, 'Stored Ltd'));
    const merged = await trigger(em, { event: 'invoice.paid', recordId: older._id, data: { paymentMethod: 'card' } });
    expect(merged.body.data).toMatchObject({ invoiceId: older._id, totalAmount: older.total, paymentMethod: 'card' });
  });

  it('refuses, in words, an unknown id, a record of another resource and one of another organization', async () => {
    const { em, customer, older } = await twoInvoices();
    const elsewhere = await trigger(em, { event: 'invoice.paid', orgId: 'org_other' });
    const foreign = elsewhere.body.data.invoiceId;
    const cases = [
      [
        { event: 'invoice.paid', recordId: 'inv_0000000000000000' },
        404,
        'not_found',
        'invoice inv_0000000000000000 does not exist in organization org_demo',
      ],
      [
        { event: 'invoice.paid', recordId: customer._id },
        400,
        'record_of_another_resource',
        `${customer._id} is a customer, and invoice.paid is an event of invoices; give the id of an invoice`,
      ],
      [
        { event: 'invoice.paid', recordId: foreign },
        404,
        'record_of_another_organization',
        `invoice ${foreign} belongs to organization org_other, not org_demo; fire it there with --org org_other`,
      ],
      [
        { event: 'invoice.paid', recordId: older._id, orgId: 'org_other' },
        404,
        'record_of_another_organization',
        `invoice ${older._id} belongs to organization org_demo, not org_other; fire it there with --org org_demo`,
      ],
    ] as const;
    for (const [body, status, code, message] of cases)
      expect(await trigger(em, body), JSON.stringify(body)).toMatchObject({ status, body: { code, message } });
    expect(em.deliveries({})).toEqual([]);
  });
});
