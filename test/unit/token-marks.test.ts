import { describe, expect, it } from 'vitest';
import { redactTokens, tokenMarks } from '../../src/testing/token-marks.js';
import { startEmulator } from '../../src/testing/index.js';

describe('token marks', () => {
  it('mark a token whole, a long enough part of it, and either base64 of it at any alignment; not another token', async () => {
    const emulator = await startEmulator();
    try {
      const [token, other] = [await emulator.token(), await emulator.token()];
      const marks = tokenMarks([token]);
      const holds = (text: string) => marks.some((mark) => text.includes(mark));
      const signature = token.split('.')[2]!;
      expect(holds(`Bearer ${token}`)).toBe(true);
      expect(holds(signature.slice(7, 38))).toBe(true); // any 31 characters of the signature
      expect(holds(encodeURIComponent(token))).toBe(true);
      for (const prefix of ['', 'x', 'xy', '{"token":"'])
        for (const encoding of ['base64', 'base64url'] as const)
          expect(holds(Buffer.from(prefix + token).toString(encoding)), `${encoding} after ${prefix.length}`).toBe(
            true,
          );
      // Another token of the same emulator shares its header and first claims: not a mark of this one.
      expect(holds(other)).toBe(false);
      expect(holds(token.split('.')[0]!)).toBe(false);
    } finally {
      await emulator.close();
    }
  });

  it('redact a token whole and its signature alone to a few characters', () => {
    const token = 'eyJhbGciOiJFUzI1NiJ9.eyJqdGkiOiIxMjMifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1oZXJl';
    expect(redactTokens(`GET /customers?t=${token} → 401`, [token])).toBe(
      'GET /customers?t=eyJhbGci… (the session token) → 401',
    );
    expect(redactTokens(`sig ${token.split('.')[2]}`, [token])).toBe('sig …');
  });
});
