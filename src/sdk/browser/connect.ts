// The usual start of an add-on in one call: take the token out of the URL, say ready, get the
// context, and make an API client with the context's token.
import { createBridge, type Bridge, type BridgeOptions, type ReadyOptions } from './bridge.js';
import { createClient, resolveApiUrl, type AddonClient, type ClientOptions } from './client.js';
import { readToken } from './session.js';
import type { ServiceContext } from './types.js';

export interface ConnectOptions extends BridgeOptions, ReadyOptions, Omit<ClientOptions, 'token'> {}

export interface Connection {
  /** The host's `service:context`: `{orgId, userId, token, scopes}`. */
  context: ServiceContext;
  /** The REST client, authenticated with `context.token`. */
  client: AddonClient;
  /** The bridge: `navigate`, `notify`, `close`, `resize`, `autoResize`. */
  bridge: Bridge;
}

/**
 * `readToken()` (which removes `service_token` from the visible URL), then `bridge.ready()`, then
 * `createClient()` with the token of the context. Rejects like `bridge.ready()` (no host, timeout),
 * and, before saying anything, when a page not served from localhost has no `apiUrl`.
 */
export async function connect(options: ConnectOptions = {}): Promise<Connection> {
  const { hostOrigin, timeoutMs, onSessionExpired, fetch, retry } = options;
  // Before anything is said to the host: a deployed page without its API URL fails here, at once.
  const apiUrl = resolveApiUrl(options.apiUrl);
  const urlToken = readToken();
  const bridge = createBridge({ hostOrigin });
  const context = await bridge.ready({ timeoutMs });
  // The context carries the session's token; the URL's is the same one, and the fallback.
  const token = context.token || urlToken || '';
  const client = createClient({ apiUrl, token, onSessionExpired, fetch, retry });
  return { context, client, bridge };
}
