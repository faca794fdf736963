/**
 * Webhook helpers for add-on backends in Node (`addon-devkit/webhooks`): verify a delivery, get a
 * typed event, act on each delivery once. Usage: docs/templates.md#webhook-helpers.
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
