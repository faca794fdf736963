// The add-on SDK, for code running inside the host's iframe: `import { connect } from 'addon-devkit/sdk'`.
// Plain ESM with no dependencies (docs/sdk.md).
export { readToken, TOKEN_PARAM } from './session.js';
export {
  createBridge,
  defaultHostOrigin,
  DEFAULT_READY_TIMEOUT_MS,
  NOTIFY_LEVELS,
  type Bridge,
  type BridgeOptions,
  type ReadyOptions,
} from './bridge.js';
export {
  createClient,
  paginate,
  DEFAULT_API_URL,
  MAX_PAGE_SIZE,
  type AddonClient,
  type ClientOptions,
  type ConfigClient,
  type EventsClient,
  type RequestOptions,
  type ResourceClient,
  type ResourceClients,
  type StorageClient,
} from './client.js';
export {
  AddonApiError,
  BridgeTimeoutError,
  NotFoundError,
  RateLimitError,
  ScopeError,
  SessionExpiredError,
  ValidationError,
  errorFor,
} from './errors.js';
export { connect, type Connection, type ConnectOptions } from './connect.js';
export type { RetryOptions } from './retry.js';
export type * from './types.js';
// The types generated from the OpenAPI document (npm run build), and the resources' names.
export type { components, operations, paths } from './generated/api-types.js';
export * from './generated/resources.js';
