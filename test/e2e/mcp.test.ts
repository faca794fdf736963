import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { connect as connectTo, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MCP_CLIENTS } from '../../src/mcp/client-config.js';
import { BIN, cleanUp, cli, expectOneLine, freePort, inProcess, ROOT, startReceiver, tempDir } from '../helpers.js';
import type {} from '../browser/choose-browser.js';
import { startWire, type Wire } from '../mcp-wire.js';

/**
 * `addon mcp` through the real binary, driven by the SDK's own client over stdio, as a coding agent
 * drives it: `--start` in a project with an addon.config.json, every tool called against the real
 * emulator and its result checked, `--read-only`, `--print-config`, and the refusals.
 */

const APP_ID = 'com.example.mcp-test';
const TOOLS = [
  'status',
  'token',
  'call_api',
  'deliveries',
  'inbox',
  'trigger',
  'clock',
  'faults',
  'state',
  'scenario',
  'installations',
  'audit',
  'scopes',
  'parity',
  'check',
  'explore',
  'host_page',
];

type Json = any;

interface Session {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  /** Errors the client met on the connection: a line on stdout that is not the protocol's would be one. */
  errors: Error[];
  /**
   * Progress notifications the SDK's client called unknown because they arrived in the same read as
   * their call's answer: it handles the answer first and forgets the token (a race no server can
   * avoid, modelcontextprotocol/typescript-sdk#2580). They were sent in order; they are kept here.
   */
  lateProgress: Array<{ progressToken: string | number; progress: number; total?: number; message?: string }>;
  /** A tool's JSON result, after checking that it is one: structured, and the same as its text. */
  call(name: string, args?: Record<string, unknown>): Promise<Json>;
  /** A tool's refusal: an error result carrying `{ code, message }`. */
  refused(name: string, args?: Record<string, unknown>): Promise<{ code: string; message: string }>;
  /** The whole result, images included. */
  raw(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
}

/** `addon mcp ...flags` in `cwd` (`--start` unless told otherwise), connected. */
async function connect(cwd: string, flags: string[] = [], start = true): Promise<Session> {
  const transport = new StdioClientTransport({
    command: 'node',
    args: [BIN, 'mcp', ...(start ? ['--start'] : []), ...flags],
    cwd,
    // The tests' Chromium (test/global-setup.ts), for host_page; openHostPage looks at CHROMIUM_PATH first.
    env: { NO_COLOR: '1', CHROMIUM_PATH: inject('browser').executablePath },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const errors: Error[] = [];
  const lateProgress: Session['lateProgress'] = [];
  const client = new Client({ name: 'addon-mcp-test', version: '1.0.0' });
  client.onerror = (error) => {
    const late = /^Received a progress notification for an unknown token: (\{.*\})$/.exec(error.message);
    if (late) lateProgress.push(JSON.parse(late[1]!).params);
    else errors.push(error);
  };
  await client.connect(transport);
  const raw = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const textOf = (result: CallToolResult) => {
    const text = result.content.find((part) => part.type === 'text');
    return text?.type === 'text' ? text.text : '';
  };
  return {
    client,
    stderr: () => stderr,
    errors,
    lateProgress,
    raw,
    async call(name, args) {
      const result = await raw(name, args);
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
      return result.structuredContent;
    },
    async refused(name, args) {
      const result = await raw(name, args);
      expect(result.isError, `${name} was not refused: ${textOf(result)}`).toBe(true);
      const { error } = result.structuredContent as { error: { code: string; message: string } };
      expect(JSON.parse(textOf(result))).toEqual({ error });
      expect(error.message).toEqual(expect.any(String));
      return error;
    },
  };
}

/** A project: addon.config.json with two organizations and a webhook subscription to `receiver`. */
async function project(receiverUrl: string): Promise<string> {
  const cwd = await tempDir();
  await writeFile(
    join(cwd, 'addon.config.json'),
    JSON.stringify({
      appId: APP_ID,
      name: 'MCP test add-on',
      scopes: ['customers.*', 'invoices.*', 'storage.*'],
      orgId: 'org_acme',
      organizations: [
        {
          id: 'org_acme',
          name: 'Acme Ltd',
          users: [
            { id: 'usr_ann', role: 'admin' },
            { id: 'usr_vic', role: 'viewer' },
          ],
          installation: { roles: ['admin'] },
        },
        { id: 'org_beta', users: [{ id: 'usr_ben', role: 'admin' }] },
      ],
      webhooks: [{ event: 'invoice.paid', url: receiverUrl }],
    }),
  );
  return cwd;
}

/** The width and height of a PNG, from its IHDR chunk, after its signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

afterAll(cleanUp);

describe('addon mcp --start', () => {
  let mcp: Session;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let status: Json;

  beforeAll(async () => {
    receiver = await startReceiver();
    mcp = await connect(await project(receiver.url));
    status = await mcp.call('status');
  });
  afterAll(() => mcp?.client.close());

  it('lists its tools, each with an input schema, and the resources: the OpenAPI document, the event catalog, the docs', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
    }
    const actions = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema.properties as Json;
    expect(actions('deliveries').action.enum).toEqual(['list', 'show', 'replay']);
    expect(actions('call_api').method.enum).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(tools.find((tool) => tool.name === 'trigger')!.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((tool) => tool.name === 'audit')!.annotations?.readOnlyHint).toBe(true);

    const { resources } = await mcp.client.listResources();
    const uris = resources.map((resource) => resource.uri);
    expect(uris).toEqual(
      expect.arrayContaining(['addon://api/openapi.json', 'addon://api/events/catalog', 'addon://docs/cli.md']),
    );
    for (const resource of resources) expect(resource.name && resource.mimeType, resource.uri).toBeTruthy();
    const read = async (uri: string) => {
      const { contents } = await mcp.client.readResource({ uri });
      expect(contents[0]).toMatchObject({ uri, mimeType: resources.find((r) => r.uri === uri)!.mimeType });
      return (contents[0] as { text: string }).text;
    };
    const openapi = JSON.parse(await read('addon://api/openapi.json'));
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toContain('/api/addon/v1/customers');
    const catalog = JSON.parse(await read('addon://api/events/catalog'));
    expect(catalog.data.find((event: Json) => event.name === 'invoice.paid').schema.type).toBe('object');
    const docs = await read('addon://docs/cli.md');
    expect(docs).toBe(readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8'));
    expect(resources.find((r) => r.uri === 'addon://docs/cli.md')!.mimeType).toBe('text/markdown');
  });

  it('runs its own in-memory emulator with the settings of addon.config.json, on 127.0.0.1, saying so on stderr', () => {
    expect(status).toMatchObject({
      appId: APP_ID,
      orgId: 'org_acme',
      userId: 'usr_ann',
      dataDir: null,
      ephemeral: true,
    });
    expect(status.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mcp.stderr()).toContain(`addon mcp: serving its own in-memory emulator at ${status.url} over stdio`);
  });

  it('mints a token the API accepts, calls the API with it or with one minted for a session, and bad tokens the API refuses', async () => {
    const { token, claims } = await mcp.call('token', { scopes: ['customers.read'], expiresIn: 600 });
    expect(claims).toMatchObject({ appId: APP_ID, orgId: 'org_acme', userId: 'usr_ann', scopes: ['customers.read'] });
    expect(claims.exp - claims.iat).toBe(600);

    const listed = await mcp.call('call_api', { path: '/customers?limit=2', token });
    expect(listed).toMatchObject({ status: 200, body: { data: [], total: 0 } });
    expect(listed.headers['x-ratelimit-limit']).toBe('1000');
    const forbidden = await mcp.call('call_api', { method: 'POST', path: '/customers', token, body: { name: 'Acme' } });
    expect(forbidden).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope', requiredScope: 'customers.write' },
    });
    // No token: one minted for the session given (the prefix may be given too).
    const created = await mcp.call('call_api', {
      method: 'POST',
      path: '/api/addon/v1/customers',
      body: { name: 'Zoë & Co' },
      session: { scopes: ['customers.write'] },
    });
    expect(created).toMatchObject({ status: 201, body: { data: { name: 'Zoë & Co' } } });

    const expired = await mcp.call('token', { variant: 'expired' });
    expect(expired.variant).toBe('expired');
    expect(await mcp.call('call_api', { path: '/customers', token: expired.token })).toMatchObject({
      status: 401,
      body: { code: 'token_expired' },
    });

    expect(await mcp.refused('token', { scopes: ['payments.read'] })).toMatchObject({ code: 'invalid_request' });
    const escape = await mcp.refused('call_api', { path: '/../../_emulator/status' });
    expect(escape).toMatchObject({ code: 'usage_error', message: expect.stringContaining('/api/addon/v1') });
  });

  it('fires an event to a real receiver and shows the delivery; replays it; the built-in inbox', async () => {
    const fired = await mcp.call('trigger', { event: 'invoice.paid', data: { paymentMethod: 'card' } });
    expect(fired).toMatchObject({ event: 'invoice.paid', orgId: 'org_acme', data: { paymentMethod: 'card' } });
    expect(fired.deliveries).toHaveLength(1);
    const [request] = await receiver.received(1);
    expect(request.headers['x-service-event']).toBe('invoice.paid');
    expect(JSON.parse(request.body).deliveryId).toBe(fired.deliveries[0].deliveryId);

    const { data } = await mcp.call('deliveries', { event: 'invoice.paid' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      deliveryId: fired.deliveries[0].deliveryId,
      status: 'succeeded',
      webhookUrl: receiver.url,
    });
    const shown = await mcp.call('deliveries', { action: 'show', id: data[0].deliveryId.slice(0, 8) });
    expect(shown.attempts[0].response).toMatchObject({ status: 200, body: 'answered 200' });
    const replayed = await mcp.call('deliveries', { action: 'replay', id: data[0].deliveryId });
    expect(replayed).toMatchObject({ replayOf: data[0].deliveryId, status: 'succeeded' });
    await receiver.received(2);
    expect(await mcp.refused('deliveries', { action: 'show', id: 'ffffffff' })).toMatchObject({ code: 'not_found' });
    expect(await mcp.refused('deliveries', { action: 'show' })).toMatchObject({ code: 'usage_error' });
    expect(await mcp.refused('trigger', { event: 'invoice.nope' })).toMatchObject({ code: 'unknown_event' });

    const subscribed = await mcp.call('call_api', {
      method: 'POST',
      path: '/events/subscribe',
      body: { event: 'customer.created', webhookUrl: `${status.url}/inbox/mcp` },
    });
    expect(subscribed.status).toBe(201);
    await mcp.call('trigger', { event: 'customer.created', data: { name: 'Inbox Ltd' } });
    const inbox = await mcp.call('inbox', { name: 'mcp', limit: 5 });
    expect(inbox.dropped).toBe(0);
    expect(inbox.data[0]).toMatchObject({
      event: 'customer.created',
      signatureValid: true,
      body: { data: { name: 'Inbox Ltd' } },
    });
  });

  it("fires an event for a stored record (recordId), data merged over it; another resource's or organization's refused", async () => {
    const first = await mcp.call('trigger', { event: 'invoice.paid' });
    const { invoiceId, customerId } = first.data;
    const newer = await mcp.call('call_api', {
      method: 'POST',
      path: '/invoices',
      body: { customerId, lineItems: [{ description: 'Newer', quantity: 1, unitPrice: 3 }] },
    });
    expect(newer.status).toBe(201);
    const stored = (await mcp.call('call_api', { path: `/invoices/${invoiceId}` })).body.data;
    const fired = await mcp.call('trigger', { event: 'invoice.paid', recordId: invoiceId, data: { paidAmount: 1 } });
    expect(fired.data).toMatchObject({
      invoiceId,
      invoiceNumber: stored.invoiceNumber,
      customerId,
      totalAmount: stored.total,
      paidAmount: 1,
    });
    expect(await mcp.refused('trigger', { event: 'invoice.paid', recordId: customerId })).toMatchObject({
      code: 'record_of_another_resource',
      message: `${customerId} is a customer, and invoice.paid is an event of invoices; give the id of an invoice`,
    });
    const beta = (await mcp.call('trigger', { event: 'invoice.paid', orgId: 'org_beta' })).data.invoiceId;
    expect(await mcp.refused('trigger', { event: 'invoice.paid', recordId: beta })).toMatchObject({
      code: 'record_of_another_organization',
      message: `invoice ${beta} belongs to organization org_beta, not org_acme; fire it there with --org org_beta`,
    });
  });

  it('reads the clock and moves it forward; a token minted before expires', async () => {
    const { token } = await mcp.call('token');
    const before = await mcp.call('clock');
    const after = await mcp.call('clock', { action: 'advance', by: '2h' });
    expect(after.offsetMs - before.offsetMs).toBe(2 * 3600_000);
    expect(await mcp.call('clock', { action: 'get' })).toMatchObject({ offsetMs: after.offsetMs });
    expect(await mcp.call('call_api', { path: '/customers', token })).toMatchObject({
      status: 401,
      body: { code: 'token_expired' },
    });
    expect(await mcp.refused('clock', { action: 'advance', by: 'soon' })).toMatchObject({ code: 'invalid_request' });
    expect(await mcp.refused('clock', { action: 'advance' })).toMatchObject({ code: 'usage_error' });
  });

  it('adds a fault rule that the next API call meets, lists its hits, clears it', async () => {
    const rule = await mcp.call('faults', {
      action: 'add',
      rule: { method: 'GET', path: '/customers', status: 503, times: 1 },
    });
    expect(rule.id).toMatch(/^flt_\d+$/);
    expect(await mcp.call('call_api', { path: '/customers' })).toMatchObject({ status: 503 });
    expect(await mcp.call('call_api', { path: '/customers' })).toMatchObject({ status: 200 });
    const { data, seed } = await mcp.call('faults');
    expect(seed).toEqual(expect.any(Number));
    expect(data).toEqual([expect.objectContaining({ id: rule.id, hits: 1 })]);
    expect(await mcp.call('faults', { action: 'clear', id: rule.id.slice('flt_'.length) })).toEqual({ cleared: 1 });
    expect((await mcp.call('faults', { action: 'list' })).data).toEqual([]);
    expect(await mcp.refused('faults', { action: 'add', rule: { path: '/customers' } })).toMatchObject({
      code: 'invalid_fault_rule',
    });
  });

  it('saves a state and restores it; exports, imports, seeds, runs a scenario, resets', async () => {
    const customers = async () =>
      (await mcp.call('call_api', { path: '/customers?limit=100' })).body.data.map((c: Json) => c.name);
    expect(await mcp.call('state', { action: 'save', name: 'before' })).toMatchObject({ name: 'before' });
    await mcp.call('call_api', { method: 'POST', path: '/customers', body: { name: 'Later Ltd' } });
    expect(await customers()).toContain('Later Ltd');
    const restored = await mcp.call('state', { action: 'restore', name: 'before' });
    expect(restored.organizations).toContain('org_acme');
    expect(await customers()).not.toContain('Later Ltd');
    expect((await mcp.call('state')).data).toEqual([expect.objectContaining({ name: 'before' })]);

    const world = await mcp.call('state', { action: 'export' });
    expect(world.organizations.org_acme).toBeDefined();
    const seeded = await mcp.call('state', { action: 'seed', size: 2 });
    expect(seeded.created.customers).toBe(2);
    const ran = await mcp.call('scenario', {
      scenario: { steps: [{ create: 'customers', as: 'acme', data: { name: 'Scenario Ltd' } }] },
      webhooks: false,
    });
    expect(ran.records.acme).toMatchObject({ name: 'Scenario Ltd', _id: expect.stringMatching(/^cus_/) });
    expect(await customers()).toContain('Scenario Ltd');
    const file = join(await tempDir(), 'world.json');
    await writeFile(file, JSON.stringify(world));
    expect(await mcp.call('state', { action: 'import', file })).toMatchObject({ organizations: expect.any(Array) });
    expect(await customers()).not.toContain('Scenario Ltd');
    await mcp.call('state', { action: 'import', state: world });
    expect(await mcp.call('state', { action: 'reset' })).toMatchObject({ records: expect.any(Object) });
    expect(await customers()).toEqual([]);
    expect(await mcp.call('state', { action: 'rm', name: 'before' })).toEqual({ removed: 'before' });
    expect(await mcp.refused('state', { action: 'restore', name: 'before' })).toMatchObject({ code: 'not_found' });
    expect(await mcp.refused('state', { action: 'import', state: { nope: 1 } })).toMatchObject({
      code: 'invalid_state',
    });
    expect(
      await mcp.refused('scenario', { scenario: { steps: [{ create: 'customers', data: { name: 1 } }] } }),
    ).toMatchObject({ code: expect.any(String) });
  });

  it("lists an organization's users, installs the add-on, changes its grant, uninstalls it", async () => {
    const acme = await mcp.call('installations');
    expect(acme.organization).toEqual({ id: 'org_acme', name: 'Acme Ltd' });
    expect(acme.data).toEqual([
      expect.objectContaining({ id: 'usr_ann', role: 'admin', mayUse: true }),
      expect.objectContaining({ id: 'usr_vic', role: 'viewer', mayUse: false }),
    ]);
    expect((await mcp.call('installations', { orgId: 'org_beta' })).installation).toBeNull();
    expect(await mcp.refused('token', { orgId: 'org_beta', userId: 'usr_ben' })).toMatchObject({
      code: 'addon_not_installed',
    });

    const installed = await mcp.call('installations', {
      action: 'install',
      orgId: 'org_beta',
      grant: ['invoices.read'],
    });
    expect(installed).toMatchObject({ orgId: 'org_beta', grantedScopes: ['invoices.read'] });
    const { claims } = await mcp.call('token', { orgId: 'org_beta', userId: 'usr_ben' });
    expect(claims.scopes).toEqual(['invoices.read']);
    expect(await mcp.call('installations', { action: 'uninstall', orgId: 'org_beta' })).toEqual({
      orgId: 'org_beta',
      subscriptionsRemoved: 0,
    });
    expect((await mcp.call('installations', { orgId: 'org_beta' })).installation).toBeNull();
  });

  it('reports the audit log, the scope report and the parity warnings', async () => {
    const { data } = await mcp.call('audit', { limit: 3 });
    expect(data).toHaveLength(3);
    expect(data[0]).toMatchObject({
      appId: APP_ID,
      method: expect.any(String),
      path: expect.stringMatching(/^\/api\/addon\/v1\//),
    });
    expect(Date.parse(data[0].time)).toBeGreaterThanOrEqual(Date.parse(data[2].time));
    const report = await mcp.call('scopes');
    expect(report).toMatchObject({ appId: APP_ID, calls: expect.any(Number) });
    expect(report.scopes.find((row: Json) => row.scope === 'customers.read').used).toBeGreaterThan(0);
    const parity = await mcp.call('parity');
    expect(parity).toMatchObject({ data: expect.any(Array), strict: false });
    // Webhooks to http: receivers: the platform wants https.
    expect(parity.data.map((warning: Json) => warning.kind)).toContain('http-webhook-url');
  });

  it('runs addon check on the project and answers its JSON report, telling its progress when asked', async () => {
    const heard: Array<{ progress: number; total?: number; message?: string }> = [];
    const answer = (await mcp.client.callTool({ name: 'check', arguments: { only: ['config'] } }, undefined, {
      onprogress: (progress) => heard.push(progress),
    })) as CallToolResult;
    const report = answer.structuredContent as Json;
    // The only call of the session that asked for progress: any late notification is this call's.
    const late = mcp.lateProgress.map(({ progressToken: _token, ...step }) => step);
    const told = [...heard, ...late];
    expect(told.length).toBeGreaterThan(0);
    expect(told.at(-1)).toEqual({
      progress: report.checks.length,
      total: report.checks.length,
      message: `${report.checks.length} of ${report.checks.length} checks done`,
    });
    // Told only as it moves: each step further than the one before.
    for (const [i, step] of told.entries()) if (i) expect(step.progress).toBeGreaterThan(told[i - 1].progress);
    expect(report.checks.length).toBeGreaterThan(0);
    for (const check of report.checks) expect(check.id).toMatch(/^config\./);
    expect(report.checks.find((check: Json) => check.id === 'config.valid').status).toBe('pass');
    expect(report).toMatchObject({ strict: false, exitCode: 0, summary: { failed: 0 } });
  });

  it("runs addon explore on the project's receiver and answers its JSON report: one that takes forgeries is found", async () => {
    // The receiver answers 200 to anything, a forged delivery included (spec 5.3).
    const report = await mcp.call('explore', { seed: 5, runs: 20, steps: 10 });
    expect(report).toMatchObject({
      seed: 5,
      steps: 10,
      events: ['invoice.paid'],
      finding: { invariant: 'forgery-refused' },
    });
    expect(report.finding.minimal.length).toBeLessThanOrEqual(3);
    expect(report.finding.minimal.at(-1)).toMatchObject({ do: 'forge' });
  });

  it('opens the add-on in the host page headless: the bridge messages and a PNG screenshot; a user without access told why', async () => {
    const result = await mcp.raw('host_page', { width: 'phone' });
    expect(result.isError, JSON.stringify(result.content[0])).toBeFalsy();
    const opened = result.structuredContent as Json;
    expect(opened).toMatchObject({ opened: true, unavailable: null, claims: { appId: APP_ID, orgId: 'org_acme' } });
    const types = opened.messages.map((m: Json) => `${m.direction} ${m.type}`);
    expect(types).toEqual(expect.arrayContaining(['in service:ready', 'out service:context']));
    expect(opened.messageCount).toBe(opened.messages.length);
    expect(opened.dropped).toEqual({ overRate: 0, overSize: 0, outOfLog: 0 });
    const image = result.content.find((part) => part.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const { width, height } = pngSize(Buffer.from((image as { data: string }).data, 'base64'));
    expect(width).toBe(1280);
    expect(height).toBeGreaterThanOrEqual(860);

    const refused = await mcp.call('host_page', { userId: 'usr_vic' });
    expect(refused).toMatchObject({ opened: false, claims: null, unavailable: { code: 'access_denied' } });
  });

  it('writes nothing but the protocol on stdout', () => {
    expect(mcp.errors).toEqual([]);
  });
});

describe('addon mcp --start --read-only', () => {
  let mcp: Session;
  beforeAll(async () => {
    mcp = await connect(await project('http://127.0.0.1:9/hooks'), ['--read-only']);
  });
  afterAll(() => mcp?.client.close());

  it('lists only the tools and actions that change nothing, and refuses the others', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS.filter((name) => !['trigger', 'scenario'].includes(name)));
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    const choice = (name: string, field = 'action') =>
      (tools.find((tool) => tool.name === name)!.inputSchema.properties as Json)[field].enum;
    expect(choice('call_api', 'method')).toEqual(['GET']);
    expect(choice('deliveries')).toEqual(['list', 'show']);
    expect(choice('clock')).toEqual(['get']);
    expect(choice('faults')).toEqual(['list']);
    expect(choice('state')).toEqual(['list', 'export']);
    expect(choice('installations')).toEqual(['users']);

    // A tool not listed is refused; so is an action or method that changes something.
    const trigger = await mcp.raw('trigger', { event: 'invoice.paid' });
    expect(trigger.isError).toBe(true);
    expect(JSON.stringify(trigger.content)).toMatch(/trigger disabled/);
    expect(await mcp.refused('clock', { action: 'advance', by: '1h' })).toMatchObject({ code: 'read_only' });
    expect(await mcp.refused('call_api', { method: 'POST', path: '/customers', body: { name: 'x' } })).toEqual({
      code: 'read_only',
      message: 'addon mcp --read-only: call_api POST would change the emulator',
    });
    expect(await mcp.refused('state', { action: 'reset' })).toMatchObject({ code: 'read_only' });
    expect(await mcp.refused('state', { action: 'export', file: 'world.json' })).toEqual({
      code: 'read_only',
      message: 'addon mcp --read-only: state export to a file would write it',
    });
    expect((await mcp.call('clock')).offsetMs).toBe(0);
    expect(await mcp.call('call_api', { path: '/customers' })).toMatchObject({ status: 200 });
  });
});

describe('addon mcp --emulator', () => {
  it('attaches to a running emulator and leaves it running when the client goes', async () => {
    const emulator = await inProcess({ appId: 'com.example.attached', scopes: ['customers.*'] });
    const url = await emulator.listen();
    const mcp = await connect(await tempDir(), ['--emulator', url.replace('127.0.0.1', 'localhost')], false);
    expect(await mcp.call('status')).toMatchObject({ appId: 'com.example.attached', url });
    await mcp.call('call_api', { method: 'POST', path: '/customers', body: { name: 'Attached Ltd' } });
    expect(emulator.audit(1)[0]).toMatchObject({ method: 'POST', status: 201 });
    expect(mcp.stderr()).toContain(`serving the emulator at ${url.replace('127.0.0.1', 'localhost')} over stdio`);
    await mcp.client.close();
    expect(emulator.status().appId).toBe('com.example.attached');
    expect((await fetch(`${url}/_emulator/status`)).status).toBe(200);
  });

  it('refuses to serve, in one line, when no emulator answers there', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const result = await cli(['mcp', '--emulator', url], { cwd: await tempDir() });
    expectOneLine(result, `addon: no emulator answers at ${url}: start one with "addon dev", or pass --emulator URL`);
    expect(result.stdout).toBe('');
  });

  it('says why a tool fails when the emulator has gone since', async () => {
    const emulator = await inProcess();
    const url = await emulator.listen();
    const mcp = await connect(await tempDir(), ['--emulator', url], false);
    await emulator.close();
    expect(await mcp.refused('status')).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining(url),
    });
    await mcp.client.close();
  });
});

describe('addon mcp never ends without saying why', () => {
  it('answers a 12 MB request with an error naming its limit and the file-path way, and serves the same world on', async () => {
    const mcp = await connect(await project('http://127.0.0.1:9/hooks'));
    await mcp.call('call_api', { method: 'POST', path: '/customers', body: { name: 'Kept Ltd' } });
    const state = { organizations: {}, notes: 'x'.repeat(12_000_000) };
    await expect(mcp.client.callTool({ name: 'state', arguments: { action: 'import', state } })).rejects.toMatchObject({
      code: -32600,
      message: expect.stringMatching(
        /at most 4 MiB and this one is 12\d{6} bytes: pass a large state or scenario by its file path/,
      ),
      data: { code: 'payload_too_large' },
    });
    const { body } = await mcp.call('call_api', { path: '/customers' });
    expect(body.data.map((customer: Json) => customer.name)).toEqual(['Kept Ltd']);
    expect(mcp.errors).toEqual([]);
    await mcp.client.close();
  });

  it('refuses an answer too big for one message, saying how to have it (a world exported to a file), and serves on', async () => {
    const cwd = await project('http://127.0.0.1:9/hooks');
    const mcp = await connect(cwd);
    // 2,000 sample customers and what goes with them: a world of ~4.5 MB, twice in its answer.
    await mcp.call('state', { action: 'seed', size: 2000 });
    expect(await mcp.refused('state', { action: 'export' })).toEqual({
      code: 'answer_too_large',
      message: expect.stringMatching(
        /^the answer of state is \d+\.\d MiB, over the 8 MiB a client reads in one message; give file to write the world to a file instead$/,
      ),
    });
    const written = await mcp.call('state', { action: 'export', file: 'world.json' });
    expect(written).toMatchObject({ file: join(cwd, 'world.json'), records: { customers: 2000 } });
    const world = JSON.parse(readFileSync(join(cwd, 'world.json'), 'utf8'));
    expect(Object.keys(world.organizations)).toEqual(written.organizations);
    expect((await mcp.call('call_api', { path: '/customers?limit=1' })).body.total).toBe(2000);
    expect(mcp.errors).toEqual([]);
    await mcp.client.close();
  });

  describe('over the wire', () => {
    let wire: Wire;
    beforeAll(async () => {
      // A small heap: a server that reads a file without end dies in seconds, not in all the machine's memory.
      wire = await startWire(['--start'], { cwd: await tempDir(), nodeArgs: ['--max-old-space-size=256'] });
    });
    afterAll(() => wire?.child.kill());
    const served = async () => expect((await wire.call('status', {})).result.structuredContent.ephemeral).toBe(true);

    it('answers tool arguments nested 100,000 deep with json_too_deep, and serves on', async () => {
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      for (const [name, args] of [
        ['faults', `{"action":"add","rule":{"path":${deep}}}`],
        ['call_api', `{"method":"POST","path":"/customers","body":${deep}}`],
      ]) {
        wire.send(
          `{"jsonrpc":"2.0","id":"${name}","method":"tools/call","params":{"name":"${name}","arguments":${args}}}`,
        );
        expect((await wire.answer(name!)).error, name).toMatchObject({
          code: -32600,
          message: expect.stringMatching(
            /^the message nests deeper than 75 levels of arrays and objects \(at \/params\/arguments\//,
          ),
          data: { code: 'json_too_deep' },
        });
      }
      await served();
      expect(wire.stderr()).not.toMatch(/failed|bug/);
    });

    it('answers a line that is not JSON, or not JSON-RPC, and serves on', async () => {
      wire.send('{"jsonrpc":"2.0","id":1,');
      expect(await wire.answer(null)).toMatchObject({ error: { code: -32700, data: { code: 'invalid_json' } } });
      wire.send({ jsonrpc: '2.0', id: 'odd', method: 42 });
      expect(await wire.answer('odd')).toMatchObject({ error: { code: -32600, data: { code: 'invalid_request' } } });
      await served();
    });

    it('refuses to read what is no file (a device without end, a pipe, a directory) for a state or a scenario', async () => {
      const dir = await tempDir();
      const fifo = join(dir, 'fifo');
      await execa('mkfifo', [fifo]);
      for (const [name, file] of [
        ['state', '/dev/zero'],
        ['scenario', fifo],
        ['state', dir],
      ]) {
        const { result } = await wire.call(name!, name === 'state' ? { action: 'import', file } : { file });
        expect(result.structuredContent, file).toEqual({
          error: {
            code: 'invalid_request',
            message: expect.stringMatching(/^cannot read \S+ \((not a file|EISDIR)\)$/),
          },
        });
      }
      await served();
    });
  });

  it('stops within 5 s of SIGTERM while a call waits on a hanging fault rule, answering it nothing', async () => {
    const emulator = await inProcess();
    const url = await emulator.listen();
    emulator.faults.add({ path: '/customers', hang: true });
    const wire = await startWire(['--emulator', url], { cwd: await tempDir() });
    const hung = new Promise((resolve) => emulator.onAudit(resolve));
    wire.send({
      jsonrpc: '2.0',
      id: 'hung',
      method: 'tools/call',
      params: { name: 'call_api', arguments: { path: '/customers' } },
    });
    await hung;
    const signalled = Date.now();
    wire.child.kill('SIGTERM');
    const exited = await Promise.race([wire.child, new Promise((resolve) => setTimeout(resolve, 15_000, null))]);
    expect(exited, 'still running 15 s after SIGTERM').not.toBeNull();
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(wire.child.exitCode, wire.stderr()).toBe(0);
    expect(wire.lines.map((line) => line.id)).toEqual([0]);
    // The emulator it attached to is left as it was: running, its rule in force.
    expect(emulator.faults.list()).toHaveLength(1);
  });

  it('stops with exit 0 at SIGTERM while host_page is opening the page, its browser closed under it', async () => {
    const emulator = await inProcess({ demo: true });
    const target = await emulator.listen();
    // Stands for the emulator, but holds the host page's own read of the emulator's status: host_page
    // is in the middle of opening the page.
    let hold: () => void = () => {};
    const opening = new Promise<void>((resolve) => (hold = resolve));
    const proxy = createHttpServer((request, response) => {
      if (request.url === '/_emulator/status' && /Chrome/.test(request.headers['user-agent']!)) return hold();
      const forward = { method: request.method, headers: request.headers };
      request.pipe(
        httpRequest(`${target}${request.url}`, forward, (answer) => {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
        }),
      );
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    const env = { CHROMIUM_PATH: inject('browser').executablePath };
    const wire = await startWire(['--emulator', url], { cwd: await tempDir(), env });
    wire.send({ jsonrpc: '2.0', id: 'page', method: 'tools/call', params: { name: 'host_page', arguments: {} } });
    await opening;
    const signalled = Date.now();
    wire.child.kill('SIGTERM');
    await wire.child;
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(wire.child.exitCode, wire.stderr()).toBe(0);
    expect(wire.stderr()).not.toMatch(/^\s+at |Error/m);
    proxy.closeAllConnections();
    proxy.close();
  });

  it('says in one line that it cannot read its stdin, and exits 1, when stdin fails', async () => {
    const listening = createServer();
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<Socket>((resolve) => listening.once('connection', resolve));
    const ours = connectTo((listening.address() as { port: number }).port, '127.0.0.1');
    const wire = await startWire(['--start'], { cwd: await tempDir(), socket: { theirs: await accepted, ours } });
    listening.close();
    // Answered: nothing is left to write, which would make the reset a plain close.
    await wire.call('status', {});
    ours.resetAndDestroy();
    await wire.child;
    expect(wire.child.exitCode).toBe(1);
    const lines = wire.stderr().split('\n').filter(Boolean);
    expect(lines).toEqual([
      expect.stringMatching(/^addon mcp: serving its own in-memory emulator at /),
      'addon: addon mcp cannot read its stdin, so it stops: read ECONNRESET',
    ]);
  });
});

describe('addon mcp, without a client', () => {
  it('--print-config prints each client its configuration, and where it goes on stderr', async () => {
    for (const client of MCP_CLIENTS) {
      const result = await cli(['mcp', '--print-config', client]);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/^addon mcp: put this in [^\n]+$/);
      if (client === 'codex') {
        expect(result.stdout.split('\n')).toEqual([
          '[mcp_servers.addon]',
          'command = "npx"',
          'args = ["addon", "mcp", "--start"]',
        ]);
        continue;
      }
      const config = JSON.parse(result.stdout);
      const server = (config.mcpServers ?? config.servers).addon;
      expect(server).toMatchObject({ command: 'npx', args: ['addon', 'mcp', '--start'] });
    }
    expectOneLine(await cli(['mcp', '--print-config', 'emacs']), /--print-config takes one of claude/, 2);
  });

  it('refuses an emulator that is not on this machine, in one line, before anything starts', async () => {
    expectOneLine(
      await cli(['mcp', '--emulator', 'http://192.0.2.1:4455']),
      'addon: addon mcp talks only to an emulator on this machine (127.0.0.1, localhost or ::1), not 192.0.2.1 (http://192.0.2.1:4455)',
    );
    expectOneLine(
      await cli(['mcp'], { env: { ADDON_EMULATOR_URL: 'http://addon.example:4455' } }),
      /not addon\.example/,
    );
    expectOneLine(await cli(['mcp', '--start', '--emulator', 'http://127.0.0.1:4455']), /not both/, 2);
  });

  it('stops, its emulator with it, when its stdin closes, having written nothing on stdout', async () => {
    const cwd = await project('http://127.0.0.1:9/hooks');
    const result = await execa('node', [BIN, 'mcp', '--start'], { cwd, input: '', reject: false, timeout: 20_000 });
    // Stopped by itself, not by the timeout's SIGTERM (after which it exits 0 as well).
    expect(result.timedOut).toBe(false);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(result.stderr)?.[1];
    expect(url, result.stderr).toBeDefined();
    await expect(fetch(`${url}/_emulator/status`)).rejects.toThrow();
  });

  it('answers every request it read before its stdin ended, then stops', async () => {
    const cwd = await project('http://127.0.0.1:9/hooks');
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'clock', arguments: { action: 'advance', by: '1h' } },
      },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'status', arguments: {} } },
    ];
    // All written at once and the input ended, as `printf ... | addon mcp --start` does.
    const input = lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
    const result = await execa('node', [BIN, 'mcp', '--start'], { cwd, input, reject: false, timeout: 20_000 });
    expect(result.timedOut).toBe(false);
    expect(result.exitCode, result.stderr).toBe(0);
    // In any order, as JSON-RPC allows: the calls run side by side (docs/agents.md).
    const answers = result.stdout.split('\n').map((line) => JSON.parse(line));
    const byId = new Map(answers.map((answer: Json) => [answer.id, answer]));
    expect([...byId.keys()].sort()).toEqual([1, 2, 3]);
    expect(byId.get(2).result.structuredContent).toMatchObject({ offsetMs: 3_600_000 });
    expect(byId.get(3).result.structuredContent).toMatchObject({ clock: { offsetMs: expect.any(Number) } });

    // A request the client cancelled is owed no answer (MCP cancellation): it stops without one.
    const cancelled = [
      ...lines.slice(0, 2),
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'status', arguments: {} } },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } },
    ];
    const stopped = await execa('node', [BIN, 'mcp', '--start'], {
      cwd,
      input: cancelled.map((line) => JSON.stringify(line)).join('\n') + '\n',
      reject: false,
      timeout: 20_000,
    });
    // Stopped by itself: a server still waiting would be stopped by execa's timeout (SIGTERM, exit 0).
    expect(stopped.timedOut).toBe(false);
    expect(stopped.exitCode, stopped.stderr).toBe(0);
    expect(stopped.stdout.split('\n').map((line) => JSON.parse(line).id)).toEqual([1]);
  });

  it('stops its emulator and exits 0 when the client ends it with SIGTERM', async () => {
    const cwd = await project('http://127.0.0.1:9/hooks');
    const child = execa('node', [BIN, 'mcp', '--start'], { cwd, reject: false, timeout: 20_000 });
    let stderr = '';
    const url = await new Promise<string>((resolve) =>
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const found = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
        if (found) resolve(found);
      }),
    );
    expect((await fetch(`${url}/_emulator/status`)).status).toBe(200);
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    await expect(fetch(`${url}/_emulator/status`)).rejects.toThrow();
  });

  it("keeps the SDK out of the CLI's start: the bundle's entry loads no chunk of it, only the core's", () => {
    const dist = join(ROOT, 'dist', 'cli');
    const { sources } = JSON.parse(readFileSync(join(dist, 'addon-cli.bundle.js.map'), 'utf8'));
    expect(sources.filter((source: string) => /@modelcontextprotocol|\/zod\/|mcp\/server/.test(source))).toEqual([]);
    // Each chunk a start loads is one more file it reads: the entry holds all that `addon exec` runs
    // (rolldown.config.js), and imports only rolldown's runtime. A chunk the MCP server, the SDK or
    // fastify split off, or one of the code the lazily loaded chunks share, would show here.
    const loaded = new Set<string>();
    const load = (chunk: string): void => {
      if (loaded.has(chunk)) return;
      loaded.add(chunk);
      const code = readFileSync(join(dist, chunk), 'utf8');
      for (const [, imported] of code.matchAll(/from"\.\/([\w-]+\.bundle\.js)"/g)) load(imported);
    };
    load('addon-cli.bundle.js');
    expect([...loaded].sort()).toEqual(['addon-cli.bundle.js', 'rolldown-runtime.bundle.js']);
    for (const chunk of [...loaded].filter((name) => !name.includes('rolldown-runtime'))) {
      const { sources: held } = JSON.parse(readFileSync(join(dist, `${chunk}.map`), 'utf8')) as { sources: string[] };
      expect(held.filter((source) => /@modelcontextprotocol|\/zod\/|mcp\/|fastify/.test(source))).toEqual([]);
    }
  });
});
