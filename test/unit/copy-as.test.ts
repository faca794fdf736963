// The snippets of the host page's "Copy as" (src/snippets): every kind for every source, quoted so
// that a user's data stays data, and the audit entry holding what they need (the body, the code).
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/audit/audit-log.js';
import { copyAs, SNIPPET_KINDS, type Copied } from '../../src/snippets/copy-as.js';
import { shellWord } from '../../src/snippets/shell-words.js';
import type { Delivery } from '../../src/webhooks/delivery-log.js';
import { cleanUp, inProcess, tempDir } from '../helpers.js';

afterEach(cleanUp);

const HERE = { emulatorUrl: 'http://127.0.0.1:4455' };
const ELSEWHERE = { emulatorUrl: 'http://127.0.0.1:5000' };

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  time: '2026-11-22T00:20:33.352Z',
  requestId: 'req_2ff61442406e2ae4',
  appId: 'com.example.demo-addon',
  orgId: 'org_demo',
  userId: 'usr_demo',
  tokenId: 'c3310d95-3f9b-4316-9d6d-331a3d92a100',
  method: 'POST',
  path: '/api/addon/v1/customers',
  status: 201,
  scope: { required: 'customers.write', decision: 'granted' },
  durationMs: 7.43,
  body: { name: 'Acme Ltd' },
  ...over,
});

const delivery: Delivery = {
  deliveryId: '6f1c2d3e-0000-4000-8000-000000000001',
  event: 'customer.created',
  orgId: 'org_demo',
  appId: 'com.example.demo-addon',
  webhookUrl: 'http://127.0.0.1:3000/webhooks',
  payload: JSON.stringify({
    event: 'customer.created',
    data: { customerId: 'cus_1', name: 'Acme Ltd' },
    organizationId: 'org_demo',
    timestamp: '2026-11-22T00:20:33.352Z',
    deliveryId: '6f1c2d3e-0000-4000-8000-000000000001',
  }),
  status: 'succeeded',
  attempts: [
    {
      attempt: 1,
      at: '2026-11-22T00:20:33.352Z',
      request: { url: 'http://127.0.0.1:3000/webhooks', headers: {} },
      ok: true,
      response: { status: 204, headers: {}, body: '', truncated: false },
      error: null,
      durationMs: 3,
    },
  ],
  nextAttemptAt: null,
  replayOf: null,
  createdAt: '2026-11-22T00:20:33.352Z',
};

const call: Copied = { kind: 'call', entry: entry() };
const replayed: Copied = { kind: 'delivery', delivery };
const fired: Copied = {
  kind: 'event',
  fired: { event: 'customer.created', orgId: 'org_demo', data: { name: 'Acme Ltd' }, deliveries: [delivery] },
};

/** Words a user's data may hold that a shell or a script would otherwise run or cut. */
const HOSTILE = `O'Brien "$(touch pwned)" \`touch pwned\` $HOME \\ ;| &\nnext line */ \${x} </script>`;

/** The words `sh` makes of a command line, with `command` in place of the snippet's program. */
async function wordsOf(line: string, program: string, cwd: string): Promise<string[]> {
  // printf prints each word NUL-ended: the words exactly as the shell passed them on.
  const script = line.replaceAll(program, `printf '%s\\0'`);
  const { stdout } = await execa('sh', ['-c', script], { cwd });
  return stdout.split('\0').slice(0, -1);
}

describe('shellWord', () => {
  it('leaves a plain word bare and quotes anything else, so the shell passes it on unchanged', async () => {
    expect(shellWord('org_demo')).toBe('org_demo');
    expect(shellWord('http://127.0.0.1:4455/api/addon/v1/x')).toBe('http://127.0.0.1:4455/api/addon/v1/x');
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('')).toBe("''");
    const dir = await tempDir();
    const { stdout } = await execa('sh', ['-c', `printf '%s' ${shellWord(HOSTILE)}`], { cwd: dir });
    expect(stdout).toBe(HOSTILE);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });
});

describe('copy as curl', () => {
  it('makes an API call again with a token minted for its session as it runs, never a token', () => {
    expect(copyAs('curl', call, HERE)).toBe(
      [
        `curl -sS -i -X POST --globoff --path-as-is http://127.0.0.1:4455/api/addon/v1/customers \\`,
        `  -H "authorization: Bearer $(npx addon token --org org_demo --user usr_demo --scopes customers.write)" \\`,
        `  -H 'content-type: application/json' \\`,
        `  --data-raw '{"name":"Acme Ltd"}'`,
      ].join('\n'),
    );
    // A GET has no -X and no body; a call denied its scope is made with none, to be denied again.
    const denied = entry({ method: 'GET', path: '/api/addon/v1/invoices?limit=5', body: undefined, status: 403 });
    denied.scope = { required: 'invoices.read', decision: 'denied' };
    expect(copyAs('curl', { kind: 'call', entry: denied }, ELSEWHERE)).toBe(
      [
        `curl -sS -i --globoff --path-as-is 'http://127.0.0.1:5000/api/addon/v1/invoices?limit=5' \\`,
        `  -H "authorization: Bearer $(npx addon token --org org_demo --user usr_demo --scopes none --emulator http://127.0.0.1:5000)"`,
      ].join('\n'),
    );
  });

  it('asks HEAD with -I, which does not wait for the body a Content-Length announces, and sends a GET body as a GET', () => {
    const head = entry({ method: 'HEAD', path: '/api/addon/v1/customers', body: undefined, status: 200 });
    expect(copyAs('curl', { kind: 'call', entry: head }, HERE).split(' \\\n')[0]).toBe(
      'curl -sS -I --globoff --path-as-is http://127.0.0.1:4455/api/addon/v1/customers',
    );
    const withBody = entry({ method: 'GET', path: '/api/addon/v1/customers', body: { x: 1 }, status: 200 });
    expect(copyAs('curl', { kind: 'call', entry: withBody }, HERE).split(' \\\n')[0]).toBe(
      'curl -sS -i -X GET --globoff --path-as-is http://127.0.0.1:4455/api/addon/v1/customers',
    );
  });

  it('replays a delivery and fires an event through the control API', () => {
    expect(copyAs('curl', replayed, HERE)).toBe(
      `curl -sS -i -X POST --globoff --path-as-is http://127.0.0.1:4455/_emulator/deliveries/${delivery.deliveryId}/replay`,
    );
    expect(copyAs('curl', fired, HERE)).toBe(
      [
        `curl -sS -i -X POST --globoff --path-as-is http://127.0.0.1:4455/_emulator/events/trigger \\`,
        `  -H 'content-type: application/json' \\`,
        `  --data-raw '{"event":"customer.created","orgId":"org_demo","data":{"name":"Acme Ltd"}}'`,
      ].join('\n'),
    );
  });

  it('keeps hostile data inert: the shell passes it to curl as it was, and runs nothing of it', async () => {
    const dir = await tempDir();
    const hostile = entry({ path: `/api/addon/v1/customers?q=${HOSTILE}`, body: { name: HOSTILE } });
    const words = await wordsOf(
      copyAs('curl', { kind: 'call', entry: hostile }, HERE).replace('npx addon', 'echo'),
      'curl',
      dir,
    );
    expect(words).toEqual([
      '-sS',
      '-i',
      '-X',
      'POST',
      '--globoff',
      '--path-as-is',
      `http://127.0.0.1:4455/api/addon/v1/customers?q=${HOSTILE}`,
      '-H',
      'authorization: Bearer token --org org_demo --user usr_demo --scopes customers.write',
      '-H',
      'content-type: application/json',
      '--data-raw',
      JSON.stringify({ name: HOSTILE }),
    ]);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });
});

describe('copy as CLI', () => {
  it('is addon api for a call, addon deliveries replay for a delivery, addon trigger for an event', () => {
    expect(copyAs('cli', call, HERE)).toBe(
      `npx addon api POST /customers --data '{"name":"Acme Ltd"}' --org org_demo --user usr_demo --scopes customers.write`,
    );
    expect(copyAs('cli', replayed, ELSEWHERE)).toBe(
      `npx addon deliveries replay ${delivery.deliveryId} --emulator http://127.0.0.1:5000`,
    );
    expect(copyAs('cli', fired, HERE)).toBe(
      `npx addon trigger customer.created --data '{"name":"Acme Ltd"}' --org org_demo`,
    );
    const forRecord: Copied = {
      kind: 'event',
      fired: { event: 'invoice.paid', orgId: 'org_b', recordId: 'inv_123', deliveries: [] },
    };
    expect(copyAs('cli', forRecord, HERE)).toBe('npx addon trigger invoice.paid --record inv_123 --org org_b');
  });

  it('keeps hostile data inert', async () => {
    const dir = await tempDir();
    const hostile: Copied = {
      kind: 'event',
      fired: { event: 'customer.created', orgId: 'org_demo', data: { name: HOSTILE }, deliveries: [] },
    };
    expect(await wordsOf(copyAs('cli', hostile, HERE), 'npx addon', dir)).toEqual([
      'trigger',
      'customer.created',
      '--data',
      JSON.stringify({ name: HOSTILE }),
      '--org',
      'org_demo',
    ]);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });
});

/**
 * Runs a test snippet's code with `it` and `expect` that record, and an emulator whose answers are
 * given: what the snippet asks of the harness, and what it asserts.
 */
async function runSnippet(code: string, answers: { status?: number; json?: unknown; deliveries?: Delivery[] }) {
  const asked: unknown[][] = [];
  const asserted: unknown[][] = [];
  const tests: Array<{ title: string; body: () => Promise<void> }> = [];
  const emulator = {
    apiUrl: 'http://emulator/api/addon/v1',
    token: async (...args: unknown[]) => (asked.push(['token', ...args]), 'a-token'),
    trigger: async (...args: unknown[]) => (asked.push(['trigger', ...args]), { deliveries: answers.deliveries }),
    idle: async () => void asked.push(['idle']),
    deliveries: (...args: unknown[]) => (asked.push(['deliveries', ...args]), answers.deliveries),
  };
  const fetch = async (...args: unknown[]) => {
    asked.push(['fetch', ...args]);
    return { status: answers.status, json: async () => answers.json };
  };
  // The snippet's own expect, which records: the one it runs with in a real test is vitest's.
  const recordingExpect = (actual: unknown) => ({
    toBe: (expected: unknown) => void asserted.push(['toBe', actual, expected]),
    toEqual: (expected: unknown) => void asserted.push(['toEqual', actual, expected]),
    toMatchObject: (expected: unknown) => void asserted.push(['toMatchObject', actual, expected]),
  });
  const it = (title: string, body: () => Promise<void>) => void tests.push({ title, body });
  new Function('it', 'expect', 'emulator', 'fetch', code)(it, recordingExpect, emulator, fetch);
  for (const test of tests) await test.body();
  return { titles: tests.map((test) => test.title), asked, asserted };
}

describe('copy as test', () => {
  it('makes the call again with a token of its session and asserts its status (and a refusal its code)', async () => {
    const snippet = copyAs('test', call, HERE);
    expect(snippet).toMatch(/^\/\/ Copied from the host page of the emulator at http:\/\/127\.0\.0\.1:4455\./);
    expect(snippet).toContain('npx addon state export test/world.json');
    expect(snippet).not.toMatch(/eyJ|2026-/); // no token, no time
    const ran = await runSnippet(snippet, { status: 201 });
    expect(ran.titles).toEqual(['POST /customers answers 201']);
    expect(ran.asked).toEqual([
      ['token', { orgId: 'org_demo', userId: 'usr_demo', scopes: ['customers.write'] }],
      [
        'fetch',
        'http://emulator/api/addon/v1/customers',
        {
          method: 'POST',
          headers: { authorization: 'Bearer a-token', 'content-type': 'application/json' },
          body: '{"name":"Acme Ltd"}',
        },
      ],
    ]);
    expect(ran.asserted).toEqual([['toBe', 201, 201]]);

    const denied = entry({ status: 403, code: 'insufficient_scope' });
    denied.scope = { required: 'customers.write', decision: 'denied' };
    const refused = await runSnippet(copyAs('test', { kind: 'call', entry: denied }, HERE), {
      status: 403,
      json: { code: 'insufficient_scope' },
    });
    expect(refused.asked[0]).toEqual(['token', { orgId: 'org_demo', userId: 'usr_demo', scopes: [] }]);
    expect(refused.asserted).toEqual([
      ['toBe', 403, 403],
      ['toMatchObject', { code: 'insufficient_scope' }, { code: 'insufficient_scope' }],
    ]);
  });

  it('says in a comment on one line which fault rules touched the call, which the world does not hold', async () => {
    const faulted = entry({
      status: 503,
      code: 'service_unavailable',
      faults: [{ rule: '1', effect: 'status 503\n*/ x' }],
    });
    const snippet = copyAs('test', { kind: 'call', entry: faulted }, HERE);
    expect(snippet).toContain(
      '\n  // Fault rules touched this call (1: status 503 */ x): add them first, emulator.faults.add(...).\n',
    );
    const ran = await runSnippet(snippet, { status: 503, json: { code: 'service_unavailable' } });
    expect(ran.asserted[0]).toEqual(['toBe', 503, 503]);
  });

  it("fires an event again and asserts its deliveries' answers after idle()", async () => {
    const ran = await runSnippet(copyAs('test', fired, HERE), { deliveries: [delivery] });
    expect(ran.asked).toEqual([
      ['trigger', 'customer.created', { orgId: 'org_demo', data: { name: 'Acme Ltd' } }],
      ['idle'],
      ['deliveries', { event: 'customer.created' }],
    ]);
    expect(ran.asserted).toEqual([['toEqual', [[delivery.webhookUrl, 204]], [[delivery.webhookUrl, 204]]]]);
  });

  it("sends a delivery's event and data again and asserts the answer at its URL", async () => {
    const other = { ...delivery, deliveryId: 'another', webhookUrl: 'http://127.0.0.1:3001/other' };
    const ran = await runSnippet(copyAs('test', replayed, HERE), { deliveries: [other, delivery] });
    expect(ran.titles).toEqual([`customer.created to ${delivery.webhookUrl} is answered 204 again`]);
    expect(ran.asked[0]).toEqual([
      'trigger',
      'customer.created',
      { orgId: 'org_demo', data: { customerId: 'cus_1', name: 'Acme Ltd' } },
    ]);
    expect(ran.asserted).toEqual([['toEqual', [[delivery.webhookUrl, 204]], [[delivery.webhookUrl, 204]]]]);
  });

  it('keeps hostile data data: strings and keys, __proto__ too, reach the harness as they were', async () => {
    const data = JSON.parse(`{"name": ${JSON.stringify(HOSTILE)}, "__proto__": {"polluted": true}}`);
    const hostile: Copied = {
      kind: 'event',
      fired: { event: `customer.created`, orgId: 'org_demo', data, deliveries: [] },
    };
    const ran = await runSnippet(copyAs('test', hostile, HERE), { deliveries: [] });
    const given = ran.asked[0][2] as { data: Record<string, unknown> };
    expect(JSON.stringify(given.data)).toBe(JSON.stringify(data));
    expect(Object.keys(given.data)).toEqual(['name', '__proto__']);
  });
});

describe('a call whose body was too long to keep', () => {
  it('is copied as no request at all: each kind says so, and curl and the CLI line run nothing', () => {
    const long = entry({ body: undefined, bodyChars: 20_000 });
    const said = "Not copied: the call's JSON body (20000 characters) was longer than the audit log keeps";
    expect(copyAs('curl', { kind: 'call', entry: long }, HERE)).toBe(`# ${said}.`);
    expect(copyAs('cli', { kind: 'call', entry: long }, HERE)).toBe(`# ${said}.`);
    expect(copyAs('test', { kind: 'call', entry: long }, HERE)).toContain(
      `it.todo(${JSON.stringify(`POST /customers answers 201: ${said}`)});`,
    );
  });
});

describe('SNIPPET_KINDS', () => {
  it('offers curl, CLI and test, in that order, each for every source', () => {
    expect(SNIPPET_KINDS.map((kind) => kind.label)).toEqual(['curl', 'CLI', 'test']);
    for (const { kind } of SNIPPET_KINDS)
      for (const copied of [call, replayed, fired]) expect(copyAs(kind, copied, HERE)).not.toBe('');
  });
});

describe('the audit entry', () => {
  it('keeps the JSON body sent and the error code answered, which a copy needs', async () => {
    const emulator = await inProcess({ scopes: ['customers.read', 'customers.write'] });
    const writer = (await emulator.token({ scopes: ['customers.write'] })).token;
    const reader = (await emulator.token({ scopes: ['customers.read'] })).token;
    expect((await emulator.call('POST', 'customers', { token: writer, body: { name: HOSTILE } })).status).toBe(201);
    expect((await emulator.call('POST', 'customers', { token: reader, body: { name: 'x' } })).status).toBe(403);
    expect((await emulator.call('GET', 'customers?limit=1', { token: reader })).status).toBe(200);
    const [read, refused, written] = emulator.audit(3);
    expect(written).toMatchObject({ method: 'POST', status: 201, body: { name: HOSTILE } });
    expect(written.code).toBeUndefined();
    expect(refused).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(read).not.toHaveProperty('body');
    expect(read).not.toHaveProperty('code');
    // Too long to keep: its length is, so that no copy is made without it.
    const name = 'x'.repeat(20_000);
    expect((await emulator.call('POST', 'customers', { token: writer, body: { name } })).status).toBe(400);
    const [long] = emulator.audit(1);
    expect(long).not.toHaveProperty('body');
    expect(long.bodyChars).toBe(JSON.stringify({ name }).length);
  });
});
