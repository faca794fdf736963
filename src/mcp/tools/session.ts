import { z } from 'zod';
import { TOKEN_VARIANTS } from '../../auth/bad-tokens.js';
import { MAX_TOKEN_LIFETIME_SECONDS, type MintedToken } from '../../auth/tokens.js';
import { UserError } from '../../errors.js';
import { API_PREFIX } from '../../sdk/browser/addresses.js';
import { defineTool, refusal } from './tool.js';

/** An API call's answer may wait for a slow write; past this it is said to have taken too long. */
const CALL_TIMEOUT_MS = 60_000;

/** Who a session is for, as POST /_emulator/tokens takes it. */
const session = {
  scopes: z
    .array(z.string())
    .max(100)
    .optional()
    .describe("scopes to grant, a subset of the declared ones; default: the installation's grant"),
  orgId: z.string().optional().describe("organization id; default: the emulator's"),
  userId: z.string().optional().describe("user id; default: the emulator's"),
};

/** The session token tool and the add-on API call made with one. */
export const SESSION_TOOLS = [
  defineTool({
    name: 'token',
    title: 'Mint a session token',
    description:
      'A session token (ES256 JWT) from the emulator, with its claims (addon token; POST /_emulator/tokens), as the host page gives the add-on. With variant, a bad token the API refuses with 401, to test that a backend refuses it too: expired, tampered, foreign-key, alg-none, wrong-type.',
    changes: false,
    input: () => ({
      ...session,
      appId: z.string().optional().describe("app id; default: the emulated add-on's"),
      expiresIn: z
        .number()
        .int()
        .min(1)
        .max(MAX_TOKEN_LIFETIME_SECONDS)
        .optional()
        .describe('lifetime in seconds; default 3600, as in production'),
      variant: z.enum(TOKEN_VARIANTS).optional().describe('a bad token of this kind instead of a good one'),
    }),
    run: async (input, { emulator }) => ({ result: await emulator.post<MintedToken>('/tokens', input) }),
  }),
  defineTool({
    name: 'call_api',
    title: 'Call the add-on REST API',
    description: `One call of the add-on REST API under ${API_PREFIX}, as the add-on makes it: with the token given, else with one minted for the session given (else the default session). The answer is { status, headers, body }, refusals (401, 403, 429, a fault rule's) included; each call passes the platform's pipeline (token, rate limit, audit log, scope) and is in the audit log. The OpenAPI document (resource addon://api/openapi.json) lists the endpoints.`,
    changes: {
      field: 'method',
      changes: { GET: false, POST: true, PUT: true, PATCH: true, DELETE: true },
    },
    input: (methods) => ({
      method: z.enum(methods).default('GET'),
      path: z
        .string()
        .min(1)
        .max(2000)
        .describe(`the path under ${API_PREFIX}, with its query: /customers?limit=5 (the prefix may be given too)`),
      body: z.unknown().optional().describe('the JSON body (POST, PUT, PATCH)'),
      token: z.string().optional().describe('the session token to send (from the token tool); else one is minted'),
      session: z
        .object(session)
        .optional()
        .describe('who the token minted for the call is for, when no token is given'),
    }),
    async run({ method, path, body, token, session: who }, { emulator, signal }) {
      const url = apiUrl(emulator.url, path);
      // The emulator is asked first, as every tool asks it: minting a token, or its status.
      const bearer = token ?? (await emulator.post<MintedToken>('/tokens', who ?? {})).token;
      if (token !== undefined) await emulator.get('/status');
      const response = await send(url, method, bearer, body, signal);
      const text = await response.text();
      return {
        result: {
          status: response.status,
          headers: Object.fromEntries(response.headers),
          body: parsed(text),
        },
      };
    },
  }),
];

/** The URL of an add-on API path on the emulator, never anywhere else (`..` and all). */
export function apiUrl(base: string, given: string): string {
  const relative = given.startsWith(`${API_PREFIX}/`) || given === API_PREFIX ? given.slice(API_PREFIX.length) : given;
  const url = new URL(`${API_PREFIX}${relative.startsWith('/') || relative === '' ? '' : '/'}${relative}`, base);
  if (url.origin !== base || !(url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)))
    throw refusal(`path must be a path of the add-on API under ${API_PREFIX} (got ${JSON.stringify(given)})`);
  return url.href;
}

async function send(url: string, method: string, token: string, body: unknown, signal: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  try {
    return await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.any([controller.signal, signal]),
    });
  } catch (error) {
    if (signal.aborted) throw new UserError(`${method} ${url} was cancelled`, 1, 'cancelled');
    if (controller.signal.aborted)
      throw new UserError(`${method} ${url} was not answered within ${CALL_TIMEOUT_MS / 1000} s`);
    throw new UserError(`${method} ${url} failed: ${(error as { cause?: Error }).cause?.message ?? error}`);
  } finally {
    clearTimeout(timer);
  }
}

/** A JSON body as its value, any other as its text; an empty one as null. */
function parsed(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
