import { REFUSALS, type TokenRefusal } from './session-rules.js';

/**
 * Every `code` of the API's 401, in one list: the token's own refusals (session-rules.ts), the
 * pipeline's for a header that carries none (api/pipeline.ts), and the installation's for a session
 * that has ended (installations/installations.ts). Coverage's surface has a response for each.
 */
export const SESSION_REFUSAL_CODES = [
  ...(Object.keys(REFUSALS) as TokenRefusal[]),
  'missing_token',
  'malformed_authorization',
  'addon_not_installed',
  'access_revoked',
  'session_revoked',
] as const;
export type SessionRefusalCode = (typeof SESSION_REFUSAL_CODES)[number];
