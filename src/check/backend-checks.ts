import { TOKEN_VARIANTS, VARIANT_DESCRIPTIONS } from '../auth/bad-tokens.js';
import { httpAnswer } from '../common/http-answer.js';
import type { Emulator } from '../emulator/create-emulator.js';
import type { CheckResult } from './check-result.js';
import { fail, judge, pass, type Verdict } from './verdict.js';

const TIMEOUT_MS = 10_000;

/** What the backend answered a GET with this Authorization (or none), over node:http as the platform asks. */
async function ask(url: string, token: string | null): Promise<string | number> {
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const answer = await httpAnswer(url, { method: 'GET', headers, timeoutMs: TIMEOUT_MS });
  return 'status' in answer ? answer.status : `no answer (${answer.error})`;
}

const refused = (what: string, answer: string | number): Verdict =>
  answer === 401 ? pass(`${what}: answered 401`) : fail(`${what}: answered ${answer}, not 401`);

/**
 * The backend's session checks (docs/check.md#backend): an endpoint that reads `Authorization:
 * Bearer` (like the full-stack template's /api/whoami) must take a good token and refuse every bad one.
 */
export async function backendChecks(emulator: Emulator, url: string): Promise<CheckResult[]> {
  const { token } = await emulator.token();
  const results = [
    await judge(
      'backend.valid-token',
      async () => {
        const answer = await ask(url, token);
        const said = `a good token (the granted scopes): answered ${answer}`;
        return typeof answer === 'number' && answer >= 200 && answer < 300 ? pass(said) : fail(said);
      },
      url,
    ),
    await judge('backend.no-token', async () => refused('no Authorization header', await ask(url, null)), url),
  ];
  for (const variant of TOKEN_VARIANTS) {
    const bad = await emulator.token({ variant });
    results.push(
      await judge(
        `backend.${variant}-token`,
        async () => refused(VARIANT_DESCRIPTIONS[variant], await ask(url, bad.token)),
        url,
      ),
    );
  }
  const other = await emulator.token({ appId: `${emulator.settings.appId}.other` });
  results.push(
    await judge(
      'backend.other-app-token',
      async () => refused(`a token of ${other.claims.appId}`, await ask(url, other.token)),
      url,
    ),
  );
  return results;
}
