import { randomUUID } from 'node:crypto';
import { deliveryHeaders } from '../webhooks/delivery-request.js';
import { signWebhook } from '../webhooks/signature.js';

/** A delivery's envelope (spec 2.4), as parsed from the body the emulator sent. */
export type Envelope = Record<string, unknown> & { data: Record<string, unknown>; deliveryId: string };

/** One POST to a receiver: the exact body bytes and headers. */
export interface CraftedRequest {
  body: string;
  headers: Record<string, string>;
}

export interface DeliveryBasis {
  envelope: Envelope;
  event: string;
  appId: string;
}

/** The envelope again under a new deliveryId, so no receiver takes it for a duplicate. */
const fresh = (envelope: Envelope, data = envelope.data): Envelope => ({ ...envelope, data, deliveryId: randomUUID() });

const signed = ({ event, appId }: DeliveryBasis, payload: string): CraftedRequest => ({
  body: payload,
  headers: deliveryHeaders({ payload, event, appId }, 1),
});

/** Properly signed, as the platform sends it. */
export const genuine = (basis: DeliveryBasis): CraftedRequest => signed(basis, JSON.stringify(fresh(basis.envelope)));

/** Signed with another key: what a forger without the add-on's key sends. */
export function wrongSignature(basis: DeliveryBasis): CraftedRequest {
  const request = genuine(basis);
  return { ...request, headers: { ...request.headers, 'x-service-signature': signWebhook(request.body, 'forged') } };
}

export function missingSignature(basis: DeliveryBasis): CraftedRequest {
  const { 'x-service-signature': _dropped, ...headers } = genuine(basis).headers;
  return { ...genuine(basis), headers };
}

/**
 * Signed, then changed on the way: the organization moved, the signature left as it was. `data` keeps
 * its fields, so a receiver's refusal can only be for the signature.
 */
export function alteredBody(basis: DeliveryBasis): CraftedRequest {
  const envelope = fresh(basis.envelope);
  const request = signed(basis, JSON.stringify(envelope));
  const tampered = { ...envelope, organizationId: 'org_tampered' };
  return { ...request, body: JSON.stringify(tampered) };
}

/** Extra fields in `data`, as the platform may add without notice; properly signed. */
export const unknownFields = (basis: DeliveryBasis): CraftedRequest =>
  signed(
    basis,
    JSON.stringify(
      fresh(basis.envelope, { ...basis.envelope.data, addedLater: 'a field this add-on never saw', x_extra: { n: 1 } }),
    ),
  );

/**
 * The same envelope in legal but unusual JSON, properly signed over these bytes: keys in reverse
 * order, tabs and spaces around separators, and every string's first character as a \u escape. A
 * receiver that parses and re-serialises before verifying computes another HMAC.
 */
export const unusualFormatting = (basis: DeliveryBasis): CraftedRequest =>
  signed(basis, unusualJson(fresh(basis.envelope)));

export function unusualJson(value: unknown): string {
  if (typeof value === 'string') return escapeFirst(value);
  if (Array.isArray(value)) return `[ ${value.map(unusualJson).join(' ,\t')} ]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).reverse();
    return `{\n\t${entries.map(([k, v]) => `${escapeFirst(k)} :\t${unusualJson(v)}`).join(' ,\n\t')}\n}`;
  }
  return JSON.stringify(value);
}

/** `"\u0069nvoice"`: the same string to any JSON parser, other bytes on the wire. */
function escapeFirst(text: string): string {
  const plain = JSON.stringify(text);
  const first = text.charCodeAt(0);
  // A surrogate pair stays as it is: half of one alone is not a character to escape.
  if (!text || (first >= 0xd800 && first <= 0xdfff)) return plain;
  return `"\\u${first.toString(16).padStart(4, '0')}${plain.slice(1 + JSON.stringify(text[0]).length - 2)}`;
}
