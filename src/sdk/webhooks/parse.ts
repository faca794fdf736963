import { verifyWebhookSignature } from '../../webhooks/signature.js';
import { WebhookVerificationError } from './errors.js';
import { dataProblem, type WebhookEvent } from './events.js';
import type { ReplayGuard } from './replay-guard.js';

/** Request headers as Node gives them (`req.headers`), or any record; names are matched in any case. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface ParseWebhookOptions {
  /** Your add-on's app id: the signing key is `service_addon_<appId>`. Never take it from the request. */
  appId: string;
  /** Rejects a deliveryId seen before (reason `replayed`) and records new ones. */
  replayGuard?: ReplayGuard;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Verifies a delivery and returns its event. `rawBody` must be the exact bytes received (a Buffer,
 * or the raw string), never a re-serialised object. Throws `WebhookVerificationError` with a
 * `reason`; checks run in this order: missing_signature, wrong_app (`X-Service-App` names another
 * add-on), bad_signature, malformed_body, replayed.
 */
export function parseWebhook(
  rawBody: Buffer | Uint8Array | string,
  headers: WebhookHeaders,
  { appId, replayGuard }: ParseWebhookOptions,
): WebhookEvent {
  if (typeof appId !== 'string' || appId === '') throw new TypeError('parseWebhook needs your add-on appId');
  const signature = header(headers, 'x-service-signature');
  if (signature === undefined)
    throw new WebhookVerificationError('missing_signature', 'the X-Service-Signature header is missing');
  const sentFor = header(headers, 'x-service-app');
  if (sentFor !== undefined && sentFor !== appId)
    throw new WebhookVerificationError('wrong_app', `the delivery is for ${sentFor}, not ${appId}`);
  if (!verifyWebhookSignature(rawBody, signature, appId))
    throw new WebhookVerificationError('bad_signature', `the signature does not match the body for ${appId}`);

  const envelope = readEnvelope(rawBody);
  if (replayGuard && !replayGuard.claim(envelope.deliveryId))
    throw new WebhookVerificationError('replayed', `delivery ${envelope.deliveryId} was already received`);
  return { ...envelope, attempt: attemptOf(header(headers, 'x-service-delivery-attempt')), appId } as WebhookEvent;
}

function readEnvelope(rawBody: Buffer | Uint8Array | string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : utf8.decode(rawBody));
  } catch {
    throw malformed('the body is not JSON in UTF-8');
  }
  if (!isObject(parsed)) throw malformed('the body is not a JSON object');
  const { event, data, organizationId, timestamp, deliveryId } = parsed;
  for (const [field, value] of Object.entries({ event, organizationId, timestamp, deliveryId }))
    if (typeof value !== 'string' || value === '') throw malformed(`${field} must be a non-empty string`);
  if (!isObject(data)) throw malformed('data must be an object');
  const problem = dataProblem(event as string, data);
  if (problem) throw malformed(problem);
  return {
    event: event as string,
    data,
    organizationId: organizationId as string,
    timestamp: timestamp as string,
    deliveryId: deliveryId as string,
  };
}

/** The header's first value, whatever the case of its name. */
function header(headers: WebhookHeaders, name: string): string | undefined {
  const key = name in headers ? name : Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

const attemptOf = (value: string | undefined): number =>
  value !== undefined && /^[1-9]\d{0,3}$/.test(value.trim()) ? Number(value) : 1;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const malformed = (message: string) => new WebhookVerificationError('malformed_body', message);
