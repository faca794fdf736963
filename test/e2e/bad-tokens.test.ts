import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_VARIANTS, VARIANT_REFUSALS } from '../../src/auth/bad-tokens.js';
import { api, cleanUp, cli, expectOneLine, startDev, type DevProcess } from '../helpers.js';

/** `addon token --<variant>` as a user runs it, against `addon dev`: every bad token is refused by the API. */
let dev: DevProcess;
beforeAll(async () => {
  dev = await startDev(['--ephemeral']);
});
afterAll(cleanUp);

describe('addon token with a bad-token flag', () => {
  it.each(TOKEN_VARIANTS)('--%s prints a JWT alone that the API refuses with 401', async (variant) => {
    const minted = await cli(['token', `--${variant}`, '--emulator', dev.url]);
    expect(minted.exitCode, minted.stderr).toBe(0);
    expect(minted.stderr).toBe('');
    const token = minted.stdout.trim();
    // Three segments; alg none leaves the third empty.
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
    const answer = await api(`${dev.apiUrl}/customers`, { token });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: VARIANT_REFUSALS[variant] });
  });

  it('--json names the variant and prints the claims the token carries', async () => {
    const minted = await cli(['token', '--wrong-type', '--json', '--scopes', 'customers.read', '--emulator', dev.url]);
    const { token, claims, variant } = JSON.parse(minted.stdout);
    expect(variant).toBe('wrong-type');
    expect(claims).toMatchObject({ type: 'user_session', scopes: ['customers.read'] });
    expect((await api(`${dev.apiUrl}/customers`, { token })).body.code).toBe('invalid_token_type');
    // A good token minted the same way is accepted: the variant is the only thing wrong.
    const good = (await cli(['token', '--scopes', 'customers.read', '--emulator', dev.url])).stdout.trim();
    expect((await api(`${dev.apiUrl}/customers`, { token: good })).status).toBe(200);
  });

  it('takes one variant at a time, in one line', async () => {
    const both = await cli(['token', '--expired', '--tampered', '--emulator', dev.url]);
    expectOneLine(both, 'addon: one bad token at a time: choose one of --expired, --tampered', 2);
    expect(both.stdout).toBe('');
  });

  it('still checks the other flags: an undeclared scope is refused, not spoiled', async () => {
    expectOneLine(await cli(['token', '--expired', '--scopes', 'nope.read', '--emulator', dev.url]));
  });
});
