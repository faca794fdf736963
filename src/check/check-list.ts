import { TOKEN_VARIANTS } from '../auth/bad-tokens.js';

/** A check as docs/check.md lists it: its stable id, what it asserts, and the fix for a failure. */
export interface CheckInfo {
  id: string;
  title: string;
  fix: string;
}

const check = (id: string, title: string, fix: string): CheckInfo => ({ id, title, fix });

/**
 * Every check `addon check` runs, in the order it runs them; ids are stable (`--only`, reports and
 * CI dashboards key on them). The docs test holds docs/check.md to this list.
 */
export const CHECKS: readonly CheckInfo[] = [
  check('config.valid', 'addon.config.json is valid', 'correct the field named in the evidence (docs/config.md)'),
  check(
    'config.subscriptions',
    'every subscribed event is in the catalog and covered by a granted scope',
    "subscribe to catalog events only, and grant the .read scope of each event's resource",
  ),
  check(
    'webhook.valid-delivery',
    "a signed delivery is answered 2xx within the platform's time",
    'answer 2xx within 10 s; do slow work after answering',
  ),
  check(
    'webhook.duplicate',
    'a delivery sent twice (same deliveryId) has one effect',
    'remember the deliveryIds you handled and skip a repeat: deliveries are at least once',
  ),
  check(
    'webhook.wrong-signature',
    'a delivery with a wrong signature is refused (4xx)',
    'verify X-Service-Signature (HMAC-SHA256, key service_addon_<appId>) and answer 401 on a mismatch',
  ),
  check(
    'webhook.missing-signature',
    'a delivery without a signature header is refused (4xx)',
    'treat a missing X-Service-Signature as a mismatch: answer 401',
  ),
  check(
    'webhook.altered-body',
    'a body changed after signing is refused (4xx)',
    'compute the HMAC over the body as received and compare it in constant time',
  ),
  check(
    'webhook.raw-bytes',
    'a validly signed body in unusual JSON formatting is accepted',
    'verify the raw request bytes, never a re-serialised object (keep the raw body in your framework)',
  ),
  check(
    'webhook.unknown-fields',
    'a delivery with unknown fields in data is accepted',
    'ignore fields you do not know: the platform adds fields without notice',
  ),
  check(
    'webhook.concurrent',
    'ten concurrent deliveries are all answered 2xx in time',
    'handle deliveries concurrently (no global lock) and answer each within 10 s',
  ),
  check(
    'page.ready',
    'the page sends service:ready within 5 s of loading',
    'post { type: "service:ready" } to the host as soon as the page can take service:context',
  ),
  check(
    'page.errors',
    "the add-on's frame raises no uncaught exception and logs no console error",
    'fix the error shown in the evidence; catch failures of API calls and show them to the user',
  ),
  check(
    'page.target-origin',
    'messages to the host name the host\'s origin, not "*"',
    'post to the host with its origin as targetOrigin (the SDK does this for you)',
  ),
  check(
    'page.bridge-limits',
    "messages to the host keep to the bridge's limits: none too large, no flood",
    'post small messages (a path, a notice, a height) on events, never in a loop; fetch data from the API, not through the bridge',
  ),
  check(
    'page.accessibility',
    "axe-core finds no WCAG 2 A/AA violation in the add-on's frame",
    'fix the elements axe names (https://dequeuniversity.com/rules/axe/)',
  ),
  check(
    'page.server-error',
    'a 500 from the API neither breaks the page nor starts a retry loop',
    'show an error and let the user retry; retry by yourself a few times at most, with backoff',
  ),
  check(
    'page.rate-limit',
    'a 429 is retried no sooner than its Retry-After',
    'on 429, wait the Retry-After seconds before calling again',
  ),
  check(
    'page.expired-session',
    'an expired session causes no storm of 401s',
    'on 401, stop calling and ask the user to reopen the add-on: a new session is the only cure',
  ),
  check(
    'page.third-party-context',
    'the page works as the third-party frame it is in production: it needs no cookie a strict browser blocks there',
    "keep the session in memory from the session token (the SDK does), not in a cookie: a cross-site frame's cookies are blocked (Safari) or never sent (SameSite=Lax, Strict); a cookie you cannot do without is Partitioned",
  ),
  check(
    'page.token-stored',
    'the session token is stored nowhere: no storage or cookie of any origin holds it',
    'keep the token in memory (a variable) only; spec 5.1: tokens are not to be stored',
  ),
  check(
    'page.token-shown',
    "the session token is never shown: not in the page's text, attributes or title, nor in the console",
    'never render or log the token; log its claims if you must (orgId, userId), spec 5.1: tokens are not to be shown',
  ),
  check(
    'page.token-sent',
    "the session token goes to the API and the add-on's own origin only, and no Referer carries it",
    'send the token only as Authorization: Bearer to the API or your backend; set Referrer-Policy: no-referrer on the page (a header, or <meta name="referrer">)',
  ),
  check(
    'page.token-in-url',
    "the session token is out of the frame's address once the page is ready",
    'read service_token, then remove it from the address with history.replaceState before anything else loads (readToken() of the SDK does)',
  ),
  check('backend.valid-token', 'the backend accepts a good session token', "verify the token with the platform's key"),
  check(
    'backend.no-token',
    'the backend refuses a request without a token (401)',
    'answer 401 when Authorization: Bearer is missing',
  ),
  ...TOKEN_VARIANTS.map((variant) =>
    check(
      `backend.${variant}-token`,
      `the backend refuses a bad token: ${variant} (401)`,
      'verify signature, algorithm, type and expiry with a JWT library (verifySessionToken does all)',
    ),
  ),
  check(
    'backend.other-app-token',
    "the backend refuses another add-on's token (401)",
    "check that the token's appId is your add-on's",
  ),
  check(
    'scopes.refused',
    'no API call was refused for a missing scope (403)',
    'declare and grant the scope named in the evidence, or stop making the call',
  ),
  check(
    'scopes.unused',
    'every declared scope was used',
    'declare only the scopes the add-on uses: the smallest list is in the evidence',
  ),
  check('parity.warnings', 'the run raised no parity warning', "see docs/parity.md for each warning's kind"),
];

const BY_ID = new Map(CHECKS.map((info) => [info.id, info]));

export function checkInfo(id: string): CheckInfo {
  const info = BY_ID.get(id);
  if (!info) throw new Error(`no check ${id}`);
  return info;
}

/** The ids of a group's checks, in the order they run. */
export const idsOf = (group: string): string[] => CHECKS.map(({ id }) => id).filter((id) => id.startsWith(`${group}.`));

/** The groups `--only` also takes: the part of an id before the dot. */
export const CHECK_GROUPS: readonly string[] = [...new Set(CHECKS.map(({ id }) => id.split('.')[0]!))];
