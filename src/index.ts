/** The programmatic API: the emulator core that the CLI and the tests use, and its types. */
export { createEmulator } from './emulator/create-emulator.js';
export type { Emulator, EmulatorOptions } from './emulator/emulator.js';
export { DEFAULT_SETTINGS, type EmulatorSettings } from './installations/settings.js';
export { createClock, type Clock } from './common/clock.js';
export type { SessionClaims, MintRequest } from './auth/tokens.js';
export type { AuditEntry } from './audit/audit-log.js';
export { API_PREFIX, DEFAULT_PORT } from './sdk/browser/addresses.js';
export type { ErrorBody } from './common/errors.js';
export { covers } from './auth/scopes.js';
export { createRegistry, DEFAULT_REGISTRY, type Registry } from './domain/resources/registry.js';
export { RESOURCES } from './domain/resources/index.js';
export type { ResourceDefinition, ResourceContext, ResourceRef, Samples, NewFields } from './domain/resource.js';
// What a package user needs to define a resource of their own (docs/resources.md).
export {
  defineResource,
  reference,
  type RecordOf,
  type PreparedOf,
  type PatchBodyOf,
} from './domain/define-resource.js';
export { required, optional, filled, computed, withDefault, type Field, type FieldList } from './domain/fields.js';
export * as schema from './domain/schema.js';
export { Type, type Static } from '@sinclair/typebox';
export { dataShape, field, type DataShape, type ResourceEvents } from './domain/event-family.js';
export type { Lifecycle } from './domain/lifecycle.js';
export type { TimeRule } from './domain/time-rules.js';
export { signWebhook, verifyWebhookSignature, signingKey, SIGNATURE_HEADER } from './webhooks/signature.js';
export type { EventDefinition } from './domain/catalog.js';
import { DEFAULT_REGISTRY } from './domain/resources/registry.js';
/** Every concrete scope of the platform's resources. */
export const ALL_SCOPES = DEFAULT_REGISTRY.scopes.all;
/** The platform's event catalog. */
export const CATALOG = DEFAULT_REGISTRY.catalog.events;
export const findEvent = DEFAULT_REGISTRY.catalog.find;
export type { Delivery, Attempt } from './webhooks/delivery-log.js';
export type { StateFile, StateSummary } from './state/state-file.js';
export type { Checkpoint } from './state/world.js';
