import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../src/common/logger.js';
import { internalsOf } from '../../src/emulator/internals.js';
import { cleanUp, inProcess } from '../helpers.js';

afterEach(cleanUp);

/** An emulator whose logger keeps what it is told. */
async function logging() {
  const logged: Array<{ message: string; error: unknown }> = [];
  const logger: Logger = { error: (message, error) => logged.push({ message, error }) };
  return { em: await inProcess({ logger }), logged };
}

/**
 * A bug (an error that is not an ApiError, a UserError or an error fastify gave a status) is never
 * answered as the caller's mistake: a 500 `internal_error` that keeps the cause to itself, and the
 * cause, stack and all, in the emulator's log.
 */
describe('a bug behind a route', () => {
  it('answers 500 internal_error, without its stack, and logs it with its stack', async () => {
    const { em, logged } = await logging();
    vi.spyOn(em, 'clockState').mockImplementation(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'nowMs')");
    });
    const answer = await em.call('GET', '/_emulator/clock');
    expect(answer).toMatchObject({ status: 500, body: { code: 'internal_error' } });
    expect(JSON.stringify(answer.body)).not.toMatch(/TypeError|nowMs|\bat /);
    expect(logged).toEqual([{ message: 'GET /_emulator/clock failed', error: expect.any(TypeError) }]);
    expect((logged[0].error as Error).stack).toMatch(/\n\s+at /);
  });

  it('is a 500 even as a SyntaxError, which is not the caller sending broken JSON', async () => {
    const { em, logged } = await logging();
    const { token } = await em.token();
    vi.spyOn(internalsOf(em).domain.collection('customers'), 'get').mockImplementation(() => {
      throw new SyntaxError('Unexpected end of JSON input');
    });
    const answer = await em.call('GET', 'customers/cus_1', { token });
    expect(answer).toMatchObject({ status: 500, body: { code: 'internal_error' } });
    expect(logged.map((entry) => entry.error)).toEqual([expect.any(SyntaxError)]);
    const broken = await em.call('POST', 'customers', { token, body: '{"name":' });
    expect(broken).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    expect(logged).toHaveLength(1);
  });
});
