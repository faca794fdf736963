/** The programmatic API: the emulator core that the CLI and the tests use, and its types. */
export { createEmulator, DEFAULT_PORT, type Emulator, type EmulatorOptions } from './emulator/create-emulator.js';
export { DEFAULT_SETTINGS, type EmulatorSettings } from './emulator/settings.js';
export { createClock, type Clock } from './clock.js';
export type { SessionClaims, MintRequest } from './auth/tokens.js';
export type { AuditEntry } from './audit/audit-log.js';
export { API_PREFIX } from './api/addon-api.js';
export type { ErrorBody } from './api/error-body.js';
export { ALL_SCOPES, covers } from './auth/scopes.js';
export { signWebhook, verifyWebhookSignature, signingKey, SIGNATURE_HEADER } from './webhooks/signature.js';
export { CATALOG, findEvent, type EventDefinition } from './webhooks/catalog/index.js';
export type { Delivery, Attempt } from './webhooks/delivery-log.js';
