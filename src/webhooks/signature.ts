import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `X-Service-Signature` (spec 5.3): `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed
 * with `service_addon_<appId>`. Shared by the emulator (signing) and add-on backends (verifying).
 */
export const SIGNATURE_HEADER = 'X-Service-Signature';

export const signingKey = (appId: string): string => `service_addon_${appId}`;

/** The header value for a body, over its UTF-8 bytes when given as a string. */
export function signWebhook(rawBody: string | Uint8Array, appId: string): string {
  return `sha256=${createHmac('sha256', signingKey(appId)).update(rawBody).digest('hex')}`;
}

/**
 * Whether `header` is the signature of `rawBody` for `appId`. Pass the body exactly as received
 * (a Buffer or the raw string), never a re-serialised object. The comparison takes constant time.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  appId: string,
): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signWebhook(rawBody, appId));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
