import { z } from 'zod';
import { TOKEN_VARIANTS } from '../../auth/bad-tokens.js';
import { MAX_TOKEN_LIFETIME_SECONDS, type MintedToken } from '../../auth/tokens.js';
import { API_PREFIX } from '../../sdk/browser/addresses.js';
import { apiCallUrl, parsedBody, sendApiCall } from '../../cli/api-call.js';
import { defineTool, refusal } from './tool.js';

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
      const response = await sendApiCall(url, method, bearer, body, signal);
      const text = await response.text();
      return {
        result: {
          status: response.status,
          headers: Object.fromEntries(response.headers),
          body: parsedBody(text),
        },
      };
    },
  }),
];

/** The URL of an add-on API path on the emulator, never anywhere else (`..` and all). */
export function apiUrl(base: string, given: string): string {
  const url = apiCallUrl(base, given);
  if (url === null)
    throw refusal(
      `path must be a path of the add-on API under ${API_PREFIX}, with no . or .. segment (got ${JSON.stringify(given)})`,
    );
  return url;
}
