/**
 * The helpers for add-on backends in Node (`addon-devkit/webhooks`): verify a delivery, get a typed
 * event, act on each delivery once (docs/templates.md#webhook-helpers); and verify the session token
 * the add-on's page sends to its backend (docs/backend.md).
 */
export { verifyWebhookSignature, signWebhook, signingKey, SIGNATURE_HEADER } from '../../webhooks/signature.js';
export { WebhookVerificationError, type WebhookRejection } from './errors.js';
export {
  isEvent,
  type CustomerCreatedData,
  type GenericWebhookEvent,
  type InvoicePaidData,
  type KnownEventData,
  type KnownEventName,
  type KnownWebhookEvent,
  type PaymentReceivedData,
  type WebhookEvent,
  type WebhookEventOf,
} from './events.js';
export { parseWebhook, type ParseWebhookOptions, type WebhookHeaders } from './parse.js';
export { createReplayGuard, type ReplayGuard, type ReplayGuardOptions } from './replay-guard.js';
export { webhookHandler, type WebhookHandlerOptions } from './handler.js';
export {
  SessionTokenError,
  verifySessionToken,
  type SessionClaims,
  type SessionClock,
  type SessionTokenErrorCode,
  type TokenRefusal,
  type VerifySessionTokenOptions,
} from './session-token.js';
