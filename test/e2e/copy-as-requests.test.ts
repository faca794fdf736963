// "Copy as" makes the request it shows, and no other: a property over generated calls (paths with the
// characters curl globs and URLs rewrite, queries, bodies, headers, methods HEAD included), each made
// raw against a real emulator, then copied as curl, as an `addon` line and as a test, each copy run as
// a user runs it (bash with the real CLI for `npx addon`, the test with real fetch), and the request
// the emulator received from each compared with the first in its audit log.
import { execa } from 'execa';
import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/audit/audit-log.js';
import type { Emulator } from '../../src/emulator/create-emulator.js';
import { copyAs, type Copied, type SnippetKind } from '../../src/snippets/copy-as.js';
import { hasDotSegment } from '../../src/snippets/sent-paths.js';
import { BIN, inProcess, userEnv, type Caller } from '../helpers.js';

// curl is on every machine this kit's CI and its users' run on; where it is not, its copies are not run.
const HAS_CURL = existsSync('/usr/bin/curl');

const SCOPES = ['customers.read', 'customers.write', 'customers.delete', 'invoices.read', 'invoices.write'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

let emulator: Emulator & { call: Caller };
const audited: AuditEntry[] = [];

beforeAll(async () => {
  emulator = await inProcess({ scopes: SCOPES });
  await emulator.listen();
  emulator.onAudit((entry) => audited.push(entry));
});
afterAll(() => emulator.close());

/** The next audit entry after `seen` entries: what the emulator received of the call just made. */
async function nextEntry(seen: number): Promise<AuditEntry> {
  await expect.poll(() => audited.length).toBeGreaterThan(seen);
  expect(audited.length, 'one call, one audit entry').toBe(seen + 1);
  return audited[seen]!;
}

/** A call as an add-on's raw client makes it: the path's bytes as they are, with whatever headers. */
function rawCall(call: Call, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const sent = request(emulator.url, {
      method: call.method,
      path: call.path,
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        // Its length said: Node's client frames no body of a DELETE otherwise.
        ...(body === undefined ? {} : { 'content-type': call.contentType, 'content-length': Buffer.byteLength(body) }),
        ...call.headers,
      },
    });
    sent.on('response', (answer) => answer.resume().on('end', resolve));
    sent.on('error', reject);
    sent.end(body);
  });
}

/** A shell with `npx addon` the kit's own CLI, as in a project that depends on it. */
const BASH_PRELUDE = `npx() { shift; node ${JSON.stringify(BIN)} "$@"; }\n`;

async function runInBash(snippet: string): Promise<void> {
  await execa('bash', ['-c', BASH_PRELUDE + snippet], { env: { ...userEnv, NO_COLOR: '1' }, reject: false });
}

/** Runs a test snippet as vitest would, with real fetch, the emulator's real tokens and a recording expect. */
async function runTest(snippet: string): Promise<{ todo: string[]; asserted: Array<[unknown, unknown]> }> {
  const tests: Array<() => Promise<void>> = [];
  const todo: string[] = [];
  const asserted: Array<[unknown, unknown]> = [];
  const it = Object.assign((_: string, body: () => Promise<void>) => void tests.push(body), {
    todo: (title: string) => void todo.push(title),
  });
  const record = (actual: unknown) => ({
    toBe: (expected: unknown) => void asserted.push([actual, expected]),
    toMatchObject: (expected: unknown) => void asserted.push([actual, expected]),
  });
  const harness = { apiUrl: emulator.apiUrl, token: async (session: object) => (await emulator.token(session)).token };
  new Function('it', 'expect', 'emulator', 'fetch', snippet)(it, record, harness, fetch);
  for (const test of tests) await test();
  return { todo, asserted };
}

/**
 * How the emulator reads a path (its router and query parser decode each part): a copy by fetch may
 * send `{` as `%7B` and be the same request. curl's copy is compared byte for byte instead.
 */
function asRead(path: string): string[] {
  const at = path.indexOf('?');
  const [route, query] = at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at + 1)];
  return [...route.split('/'), '?', ...query.split('&')].map((part) => decodeURIComponent(part));
}

/** What the emulator received of a call, but for when: the same for the same request. */
const received = ({ method, status, code, body, orgId, userId, scope }: AuditEntry) => ({
  method,
  status,
  code,
  body,
  orgId,
  userId,
  scope,
});

interface Call {
  method: (typeof METHODS)[number];
  path: string;
  body?: Record<string, unknown>;
  contentType: string;
  headers: Record<string, string>;
  scopes: string[];
}

// Printable ASCII a path may hold, as Node reads a request line, but the delimiters `/ ? # %` (added
// apart: escapes whole, dot segments, `#` nowhere, as curl and URLs take it for a fragment).
const PATH_CHARS = [...Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i))].filter(
  (char) => !'/?#%'.includes(char),
);
const word = fc
  .array(fc.oneof(fc.constantFrom(...PATH_CHARS), fc.constantFrom('%7B', '%2F', '%41', '%E2%82%AC', '%20')), {
    minLength: 1,
    maxLength: 8,
  })
  .map((chars) => chars.join(''));
const segment = fc.oneof({ weight: 6, arbitrary: word }, { weight: 1, arbitrary: fc.constantFrom('.', '..', '%2e') });
const query = fc
  .array(fc.tuple(word, fc.option(word, { nil: undefined })), { maxLength: 3 })
  .map((pairs) => pairs.map(([key, value]) => (value === undefined ? key : `${key}=${value}`)).join('&'));

const call: fc.Arbitrary<Call> = fc
  .record({
    method: fc.constantFrom(...METHODS),
    resource: fc.constantFrom('customers', 'invoices'),
    rest: fc.array(segment, { maxLength: 2 }),
    query: fc.option(query, { nil: undefined }),
    body: fc.option(fc.dictionary(word, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), { nil: undefined }),
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON'),
    headers: fc.dictionary(fc.constantFrom('accept', 'x-request-note', 'user-agent'), word, { maxKeys: 2 }),
    scopes: fc.subarray(SCOPES),
  })
  .map(({ method, resource, rest, query, body, ...more }) => ({
    method,
    path: ['/api/addon/v1', resource, ...rest].join('/') + (query === undefined ? '' : `?${query}`),
    // A body only where fetch may send one: GET and HEAD take none.
    ...(body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body }),
    ...more,
  }));

/** Makes the call raw, then each copy of it; answers what the emulator received of each. */
async function callAndCopies(made: Call) {
  const seen = audited.length;
  await rawCall(made, (await emulator.token({ scopes: made.scopes })).token);
  const original = await nextEntry(seen);
  const copied: Copied = { kind: 'call', entry: original };
  const place = { emulatorUrl: emulator.url };
  const again = async (kind: SnippetKind, run: (snippet: string) => Promise<unknown>) => {
    const before = audited.length;
    const ran = await run(copyAs(kind, copied, place));
    return { entry: audited.length > before ? await nextEntry(before) : null, ran };
  };
  return {
    original,
    curl: HAS_CURL ? await again('curl', runInBash) : null,
    cli: await again('cli', runInBash),
    test: await again('test', runTest),
  };
}

describe('Copy as', () => {
  it('makes the request it shows and no other, as curl, as an addon line and as a test', async () => {
    await fc.assert(
      fc.asyncProperty(call, async (made) => {
        const { original, curl, cli, test } = await callAndCopies(made);
        // curl sends the path's bytes as they were received, and the same method, body and session.
        if (curl)
          expect(curl.entry && { ...received(curl.entry), path: curl.entry.path }).toEqual({
            ...received(original),
            path: original.path,
          });
        if (hasDotSegment(original.path)) {
          // No URL sends a `.` or `..` segment: the addon line refuses in one line, the test is a todo.
          expect(cli.entry).toBeNull();
          expect(test.entry).toBeNull();
          expect((test.ran as Awaited<ReturnType<typeof runTest>>).todo).toHaveLength(1);
          return;
        }
        for (const copy of [cli.entry, test.entry]) {
          expect(copy && received(copy)).toEqual(received(original));
          expect(asRead(copy!.path)).toEqual(asRead(original.path));
        }
        // The test asserts what the original was answered, and it holds.
        for (const [actual, expected] of (test.ran as Awaited<ReturnType<typeof runTest>>).asserted)
          expect(actual).toMatchObject(expected as object);
      }),
      { numRuns: 25 },
    );
  });

  it.skipIf(!HAS_CURL)('sends one request for a path curl would have globbed into several', async () => {
    const first = (await emulator.call('POST', 'customers', { token: await writer(), body: { name: 'A' } })).body;
    const second = (await emulator.call('POST', 'customers', { token: await writer(), body: { name: 'B' } })).body;
    const [a, b] = [first.data._id, second.data._id];
    const made: Call = {
      method: 'DELETE',
      path: `/api/addon/v1/customers/{${a},${b}}`,
      contentType: 'application/json',
      headers: {},
      scopes: ['customers.delete'],
    };
    const { original, curl } = await callAndCopies(made);
    expect(original).toMatchObject({ status: 404, code: 'not_found' });
    expect(curl!.entry).toMatchObject({ method: 'DELETE', path: made.path, status: 404 });
    const reader = (await emulator.token({ scopes: ['customers.read'] })).token;
    expect((await emulator.call('GET', `customers/${a}`, { token: reader })).status).toBe(200);
    expect((await emulator.call('GET', `customers/${b}`, { token: reader })).status).toBe(200);
  });
});

const writer = async () => (await emulator.token({ scopes: ['customers.write'] })).token;
