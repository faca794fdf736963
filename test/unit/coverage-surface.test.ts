// The surface coverage measures against is derived: its operations and their documented answers are
// the OpenAPI document's, exactly, and its events, scopes, time rules and refusal codes are the
// registry's and the kit's own lists.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REFUSAL_CODES } from '../../src/auth/refusal-codes.js';
import { REFUSALS } from '../../src/auth/session-rules.js';
import { SPEC_NOTIFY_LEVELS } from '../../src/bridge/bridge-messages.js';
import { DIMENSIONS } from '../../src/coverage/coverage-file.js';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import { cleanUp, inProcess, type InProcessEmulator, ROOT } from '../helpers.js';

let em: InProcessEmulator;
beforeAll(async () => {
  em = await inProcess({ scopes: ['customers.*', 'invoices.read'] });
});
afterAll(cleanUp);

const PREFIX = '/api/addon/v1';
const HTTP_METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

/** Each operation of the document, with the answers it documents (`2xx` for every success). */
async function documented(): Promise<Map<string, { answers: string[]; body: boolean }>> {
  const doc = (await em.call('GET', 'openapi.json')).body as {
    paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
  };
  const operations = new Map<string, { answers: string[]; body: boolean }>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const statuses = Object.keys(operation.responses).filter((status) => status !== 'default');
      const answers = [...new Set(statuses.map((status) => (status.startsWith('2') ? '2xx' : status)))];
      operations.set(`${method.toUpperCase()} ${path.slice(PREFIX.length)}`, {
        answers,
        body: operation.requestBody !== undefined,
      });
    }
  return operations;
}

describe("coverage's surface", () => {
  it("has the OpenAPI document's operations and documented answers, exactly", async () => {
    const operations = await documented();
    const surface = em.coverage!.now().surface;
    expect([...surface.operations].sort()).toEqual([...operations.keys()].sort());
    for (const [operation, { answers, body }] of operations) {
      const mine = surface.responses
        .filter((item) => item.startsWith(`${operation} `))
        .map((item) => item.slice(operation.length + 1));
      // Beside the documented ones: the body limit's 413 where a body is taken, and the fault rules'.
      const faults = ['5xx', 'dropped'];
      expect(mine.filter((answer) => answer !== '413' && !faults.includes(answer)).sort(), operation).toEqual(
        answers.sort(),
      );
      expect(mine.includes('413'), operation).toBe(body);
      expect(mine, operation).toEqual(expect.arrayContaining(faults));
    }
    // The operations' own items, and one per refusal code of the session token, on any operation.
    const perOperation = [...operations.values()].reduce(
      (sum, { answers, body }) => sum + answers.length + 2 + +body,
      0,
    );
    expect(surface.responses).toHaveLength(perOperation + SESSION_REFUSAL_CODES.length);
  });

  it('has a 401 of every refusal code the kit answers, the token rules first', () => {
    const refusals = em.coverage!.now().surface.responses.filter((item) => item.startsWith('401 '));
    expect(refusals).toEqual(SESSION_REFUSAL_CODES.map((code) => `401 ${code}`));
    expect(refusals).toEqual(expect.arrayContaining(Object.keys(REFUSALS).map((code) => `401 ${code}`)));
    expect(refusals).toEqual(
      expect.arrayContaining(['401 missing_token', '401 addon_not_installed', '401 session_revoked']),
    );
  });

  it('has in its list of 401 codes every code the kit answers a 401 with', async () => {
    const sources = await Promise.all(
      (await readdir(join(ROOT, 'src'), { recursive: true }))
        .filter((name) => name.endsWith('.ts'))
        .map((name) => readFile(join(ROOT, 'src', name), 'utf8')),
    );
    const answered = sources.flatMap((text) =>
      [...text.matchAll(/ApiError\(\s*401,\s*'([a-z_]+)'/g)].map((match) => match[1]),
    );
    // The pipeline's and the installations' own, found in the source; the token's are REFUSALS (src/auth/tokens.ts).
    expect(answered).toContain('missing_token');
    expect(SESSION_REFUSAL_CODES).toEqual(expect.arrayContaining([...answered, ...Object.keys(REFUSALS)]));
  });

  it("has the catalog's events, the declared scopes, the bridge's messages and every time rule", () => {
    const { events, scopes, bridge, time } = em.coverage!.now().surface;
    const catalog = DEFAULT_REGISTRY.catalog.events.map(({ name }) => name);
    expect(events).toHaveLength(catalog.length * 5);
    expect(events).toEqual(expect.arrayContaining(['invoice.paid delivered', 'invoice.overdue retried']));
    expect(new Set(events.map((item) => item.split(' ')[0]))).toEqual(new Set(catalog));
    // customers.* and invoices.read declared: the concrete scopes they cover, and no other.
    expect(scopes).toEqual(['customers.read', 'customers.write', 'customers.delete', 'invoices.read']);
    expect(bridge.filter((item) => item.startsWith('service:notify '))).toEqual(
      SPEC_NOTIFY_LEVELS.map((level) => `service:notify ${level}`),
    );
    const rules = DEFAULT_REGISTRY.resources.flatMap(({ name, timeRules = [] }) =>
      timeRules.map((rule) => `time rule ${name}: ${rule.description}`),
    );
    expect(rules.length).toBeGreaterThan(0);
    expect(time).toEqual(['clock advanced', 'token expired in use', ...rules]);
  });

  it('has every dimension, and no item twice', () => {
    const surface = em.coverage!.now().surface;
    expect(Object.keys(surface)).toEqual([...DIMENSIONS]);
    for (const dimension of DIMENSIONS) expect(new Set(surface[dimension]).size).toBe(surface[dimension].length);
  });
});
