// The control API's coverage routes (docs/control-api.md): what the emulator met so far, the host
// page's reports of what the bridge carried, bounded so a hostile page changes nothing, and the live
// stream's `coverage` event.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_COVERAGE_COUNT, MAX_COVERAGE_KEY_CHARS, MAX_COVERAGE_REPORT_KEYS } from '../../src/common/limits.js';
import { cleanUp, inProcess, type InProcessEmulator } from '../helpers.js';

afterEach(cleanUp);

const report = (em: InProcessEmulator, body: unknown) => em.call('POST', '/_emulator/coverage/bridge', { body });

describe('GET /_emulator/coverage', () => {
  it('answers the surface, the hits and the seen so far, the app, when recording began and where its file goes', async () => {
    const em = await inProcess();
    const { token } = await em.token();
    await em.call('GET', 'customers', { token });
    const { status, body } = await em.call('GET', '/_emulator/coverage');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['appId', 'dir', 'hits', 'seen', 'startedAt', 'surface']);
    expect(body).toMatchObject({ appId: em.settings.appId, dir: null, seen: {} });
    expect(body.hits.responses).toEqual({ 'GET /customers 2xx': 1 });
    expect(body.surface.operations).toContain('GET /customers');
    expect(Date.parse(body.startedAt)).toBeLessThanOrEqual(em.clock.now());
  });
});

describe('POST /_emulator/coverage/bridge', () => {
  it("counts the bridge's items, and what is beyond the surface and the warnings as seen", async () => {
    const em = await inProcess();
    const answer = await report(em, {
      hits: { 'service:notify success': 2, 'service:ready': 1, 'service:notify info': 3 },
      seen: { 'bridge warnings': { 'unknown message type "x"': 4 } },
    });
    expect(answer.status).toBe(204);
    await report(em, { hits: { 'service:notify success': 1 } });
    const { hits, seen } = (await em.call('GET', '/_emulator/coverage')).body;
    expect(hits.bridge).toEqual({ 'service:notify success': 3, 'service:ready': 1 });
    expect(seen).toEqual({
      'bridge beyond the surface': { 'service:notify info': 3 },
      'bridge warnings': { 'unknown message type "x"': 4 },
    });
  });

  it('refuses hostile reports with the kit codes, and they change nothing', async () => {
    const em = await inProcess();
    await report(em, { hits: { 'service:ready': 1 } });
    const before = (await em.call('GET', '/_emulator/coverage')).body;
    const many = Object.fromEntries(
      Array.from({ length: MAX_COVERAGE_REPORT_KEYS + 1 }, (_, i) => [`service:x${i}`, 1]),
    );
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { a: deep };
    const hostile: Array<[string, string, [number, string]]> = [
      ['negative', '{"hits":{"service:ready":-1}}', [400, 'validation_failed']],
      ['zero', '{"hits":{"service:ready":0}}', [400, 'validation_failed']],
      ['fractional', '{"hits":{"service:ready":1.5}}', [400, 'validation_failed']],
      ['over the cap', `{"hits":{"service:ready":${MAX_COVERAGE_COUNT + 1}}}`, [400, 'validation_failed']],
      ['a string count', '{"hits":{"service:ready":"1"}}', [400, 'validation_failed']],
      ['too many keys', JSON.stringify({ hits: many }), [400, 'validation_failed']],
      [
        'a long key',
        JSON.stringify({ hits: { ['k'.repeat(MAX_COVERAGE_KEY_CHARS + 1)]: 1 } }),
        [400, 'validation_failed'],
      ],
      ['an empty key', '{"hits":{"":1}}', [400, 'validation_failed']],
      ['no hits', '{"seen":{}}', [400, 'validation_failed']],
      ['another field', '{"hits":{},"surface":{}}', [400, 'validation_failed']],
      ['seen too deep', '{"hits":{},"seen":{"k":{"w":{"x":1}}}}', [400, 'validation_failed']],
      ['a prototype key in hits', '{"hits":{"__proto__":{"polluted":1}}}', [400, 'forbidden_key']],
      ['a prototype key in seen', '{"hits":{},"seen":{"__proto__":{"x":1}}}', [400, 'forbidden_key']],
      ['constructor.prototype', '{"hits":{"constructor":{"prototype":{"x":1}}}}', [400, 'forbidden_key']],
      ['deep', JSON.stringify({ hits: deep }), [400, 'json_too_deep']],
      [
        'huge',
        JSON.stringify({ hits: { 'service:ready': 1 }, pad: 'x'.repeat(1_100_000) }),
        [413, 'payload_too_large'],
      ],
      ['not JSON', '{"hits":', [400, 'invalid_json']],
      ['an array', '[]', [400, 'validation_failed']],
    ];
    for (const [what, body, [status, code]] of hostile) {
      const answer = await report(em, body);
      expect({ what, status: answer.status, code: answer.body.code }).toEqual({ what, status, code });
    }
    expect((await em.call('GET', '/_emulator/coverage')).body).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is guarded like every control route: a page of another origin is refused', async () => {
    const em = await inProcess();
    const answer = await em.call('POST', '/_emulator/coverage/bridge', {
      body: { hits: { 'service:ready': 1 } },
      headers: { origin: 'http://127.0.0.1:1' },
    });
    expect(answer).toMatchObject({ status: 403, body: { code: 'forbidden_origin' } });
    expect((await em.call('GET', '/_emulator/coverage')).body.hits.bridge).toEqual({});
  });
});

describe("the live stream's coverage event", () => {
  it('says what changed, with the new totals, and only that', async () => {
    const em = await inProcess();
    await em.listen();
    const { token } = await em.token();
    const stream = await fetch(`${em.url}/_emulator/stream`);
    const reader = stream.body!.getReader();
    let text = '';
    const nextCoverage = async (): Promise<Record<string, Record<string, number>>> => {
      for (;;) {
        const at = text.indexOf('event: coverage\ndata: ');
        const start = at + 'event: coverage\ndata: '.length;
        const end = at >= 0 ? text.indexOf('\n', start) : -1;
        if (end >= 0) {
          const { hits } = JSON.parse(text.slice(start, end));
          text = text.slice(end);
          return hits;
        }
        text += new TextDecoder().decode((await reader.read()).value);
      }
    };
    for (let i = 0; i < 3; i++)
      await fetch(`${em.apiUrl}/customers`, { headers: { authorization: `Bearer ${token}` } });
    // The calls may come in one event or more (the stream says what changed every 500 ms at most): the
    // last total of each item is what was met, and no event names a dimension that did not change.
    const totals: Record<string, Record<string, number>> = {};
    while (totals.responses?.['GET /customers 2xx'] !== 3) {
      for (const [dimension, items] of Object.entries(await nextCoverage()))
        Object.assign((totals[dimension] ??= {}), items);
    }
    expect(totals).toEqual({
      operations: { 'GET /customers': 3 },
      responses: { 'GET /customers 2xx': 3 },
      scopes: { 'customers.read': 3 },
    });
    await em.advanceClock(1000);
    expect(await nextCoverage()).toEqual({ time: { 'clock advanced': 1 } });
    await reader.cancel();
  });
});
