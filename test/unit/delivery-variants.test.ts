import { describe, expect, it } from 'vitest';
import {
  alteredBody,
  genuine,
  missingSignature,
  unknownFields,
  unusualFormatting,
  unusualJson,
  wrongSignature,
  type DeliveryBasis,
} from '../../src/check/delivery-variants.js';
import { verifyWebhookSignature } from '../../src/webhooks/signature.js';

const basis: DeliveryBasis = {
  event: 'invoice.paid',
  appId: 'com.example.checked',
  envelope: {
    event: 'invoice.paid',
    data: { invoiceId: 'inv_1', customerName: 'Zoë "Z" & Co\n', paidAmount: 12.5, lines: [1, 'two', null] },
    organizationId: 'org_demo',
    timestamp: '2026-11-24T00:00:00.000Z',
    deliveryId: 'd-1',
  },
};
const verifies = ({ body, headers }: { body: string; headers: Record<string, string> }) =>
  verifyWebhookSignature(body, headers['x-service-signature'], basis.appId);

describe("addon check's delivery variants", () => {
  it('writes unusual JSON that parses to the same value, in other bytes', () => {
    const text = unusualJson(basis.envelope);
    expect(JSON.parse(text)).toEqual(basis.envelope);
    expect(text).not.toBe(JSON.stringify(JSON.parse(text)));
    expect(text).toContain('\\u0069nvoice.paid');
    expect(JSON.parse(unusualJson('😀 first'))).toBe('😀 first');
  });

  it('signs the genuine, unusual and extended ones over their own bytes, each under a new deliveryId', () => {
    for (const craft of [genuine, unusualFormatting, unknownFields]) {
      const request = craft(basis);
      expect(verifies(request), craft.name).toBe(true);
      expect(JSON.parse(request.body).deliveryId).not.toBe('d-1');
    }
    expect(Object.keys(JSON.parse(unknownFields(basis).body).data)).toContain('addedLater');
  });

  it('spoils exactly the signature in the forged ones', () => {
    expect(verifies(wrongSignature(basis))).toBe(false);
    expect(missingSignature(basis).headers).not.toHaveProperty('x-service-signature');
    const altered = alteredBody(basis);
    expect(verifies(altered)).toBe(false);
    expect(Object.keys(JSON.parse(altered.body).data)).toEqual(Object.keys(basis.envelope.data));
  });
});
