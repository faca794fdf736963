import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_VARIANTS } from '../../src/auth/bad-tokens.js';
import { TOOLS } from '../../src/mcp/server.js';
import type { AddonTool, Offered } from '../../src/mcp/tools/tool.js';
import { DELIVERY_STATUSES } from '../../src/webhooks/delivery-status.js';
import { cleanUp, inProcess, type InProcessEmulator, tempDir } from '../helpers.js';
import { startWire, type Wire, type WireMessage } from '../mcp-wire.js';

/**
 * `addon mcp` as an attacker drives it: every tool, every value of its choice, and hostile values in
 * every field (wrong types, huge strings, prototype keys, paths with `..` and encoded dots, absolute
 * paths and what is no file for the file-taking tools), sent over the wire to the real binary
 * attached to an emulator in this process. The server answers each call with a result or the
 * kit's refusal, never as a bug of its own, and stays; under --read-only, nothing any call does
 * changes the emulator.
 */

let emulator: InProcessEmulator;
let project: string;

beforeAll(async () => {
  emulator = await inProcess({ rateLimit: 1_000_000 });
  await emulator.listen();
  project = await tempDir();
  // Files a file-taking tool may be pointed at: a real world, a scenario, a pipe.
  await writeFile(join(project, 'world.json'), JSON.stringify(emulator.exportState()));
  await writeFile(join(project, 'scenario.json'), JSON.stringify({ steps: [] }));
  await execa('mkfifo', [join(project, 'fifo')]);
});
afterAll(cleanUp);

const RUNS = 200;
/** A server that reads a file without end (`/dev/zero`) dies in seconds, not in all the machine's memory. */
const SMALL_HEAP = ['--max-old-space-size=256'];
/**
 * check and host_page are left out: each call takes seconds (a fresh emulator of its own, a browser)
 * and neither reaches the emulator attached to but through what the others call (mcp.test.ts).
 */
const FUZZED = TOOLS.filter((tool) => !['check', 'host_page'].includes(tool.name));

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '.',
      '..',
      '../..',
      '%2e%2e',
      '.%2E',
      '..%2f..%2f_emulator%2freset',
      '/../../_emulator/reset',
      '/api/addon/v1/../../_emulator/reset',
      '/%2e%2e/%2e%2e/_emulator/reset',
      '//127.0.0.1:1/x',
      'http://127.0.0.1:1/',
      '__proto__',
      'constructor',
      'toString',
      'flt_1',
      '../world.json',
      'world.json',
      'scenario.json',
      'fifo',
      '/etc/passwd',
      '/dev/zero',
      '/proc/self/environ',
      '/',
      '\u0000',
      '1h',
      '-5m',
    ),
  },
  { weight: 1, arbitrary: fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n)) },
);
/** JSON with prototype keys in it, as a client writes them (an object literal would set a prototype instead). */
const prototypeKeys = fc
  .constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":{"__proto__":[]}}',
  )
  .map((text) => JSON.parse(text) as unknown);
const hostileNumber = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 100 }) },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 20_000 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 0.5, 2 ** 53, 1e308) },
);
const hostileObject = fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
/** Any value at all: what a field of the wrong type gets. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  prototypeKeys,
);
/** A value of the field's own type, mostly: a call that gets past the input's schema to the emulator. */
function valueFor(field: string): fc.Arbitrary<unknown> {
  const list = fc.array(fc.oneof(hostileText, fc.constantFrom('customers.read', '*', 'admin', 'config')), {
    maxLength: 3,
  });
  const own: Record<string, fc.Arbitrary<unknown>> = {
    scopes: list,
    grant: list,
    roles: list,
    users: list,
    only: list,
    limit: hostileNumber,
    size: hostileNumber,
    expiresIn: hostileNumber,
    width: fc.oneof(hostileNumber, hostileText),
    strict: fc.boolean(),
    webhooks: fc.boolean(),
    body: fc.jsonValue({ maxDepth: 4 }),
    rule: hostileObject,
    state: hostileObject,
    scenario: hostileObject,
    data: hostileObject,
    session: hostileObject,
    variant: fc.constantFrom(...TOKEN_VARIANTS),
    status: fc.constantFrom(...DELIVERY_STATUSES),
  };
  return fc.oneof({ weight: 8, arbitrary: own[field] ?? hostileText }, { weight: 1, arbitrary: hostileValue });
}

/** Every field some tool takes, so that each tool also meets the others' fields. */
const FIELDS = [...new Set(TOOLS.flatMap((tool) => Object.keys(tool.input(allOf(tool)))))];

function allOf(tool: AddonTool): Offered {
  return (typeof tool.changes === 'boolean' ? ['call'] : Object.keys(tool.changes.changes)) as Offered;
}

/** A call of one of `tools`: its choice's values all tried, its own fields and at times another's, hostile. */
const callOf = (tools: AddonTool[]) =>
  fc.oneof(
    ...tools.map((tool) => {
      const fields = Object.keys(tool.input(allOf(tool)));
      const args = fc.tuple(
        fc.record(Object.fromEntries(fields.map((field) => [field, valueFor(field)])), { requiredKeys: [] }),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 1, maxKeys: 1 }) },
        ),
      );
      const choice =
        typeof tool.changes === 'boolean' ? fc.constant(undefined) : fc.constantFrom(...allOf(tool), undefined);
      return fc.tuple(args, choice).map(([[own, stray], value]) => ({
        name: tool.name,
        args: {
          ...stray,
          ...own,
          ...(value === undefined ? {} : { [(tool.changes as { field: string }).field]: value }),
        },
      }));
    }),
  );

/** Any name and any arguments, a tool's or not, an object or not. */
const anyCall = fc.record({
  name: fc.oneof(fc.constantFrom(...FUZZED.map((tool) => tool.name)), hostileText),
  args: hostileValue,
});

/** The answer is a result, a refusal in the kit's words, or the SDK's own refusal of the input: never a bug. */
function expectAnswered(answer: WireMessage, sent: unknown) {
  const where = JSON.stringify(sent).slice(0, 500);
  expect(JSON.stringify(answer), where).not.toMatch(/internal_error|-32603|bug in addon-devkit/);
  if (answer.error) {
    expect([-32600, -32602, -32700], where).toContain(answer.error.code);
    return;
  }
  const { result } = answer;
  if (!result.isError) return;
  const kit = result.structuredContent?.error;
  if (kit) expect(kit, where).toEqual({ code: expect.stringMatching(/^[a-z_]+$/), message: expect.any(String) });
  else expect(result.content[0].text, where).toMatch(/^MCP error -32602: /);
}

/** Still serving: a call answered after all that. */
async function expectServing(wire: Wire) {
  expect(wire.child.exitCode, wire.stderr()).toBeNull();
  expect((await wire.call('status', {})).result.isError).toBeFalsy();
}

/**
 * What a call could change: the world (but the time it was exported), the fault rules (but how often
 * each was met: a GET meets them too), the saved states.
 */
async function emulatorState() {
  const { savedAt: _savedAt, ...world } = emulator.exportState();
  const faults = emulator.faults.list().map(({ hits: _hits, ...rule }) => rule);
  return { world, faults, states: await emulator.listStates() };
}

describe('addon mcp under hostile calls', () => {
  let wire: Wire;
  beforeAll(async () => {
    wire = await startWire(['--emulator', emulator.url], { cwd: project, nodeArgs: SMALL_HEAP });
  });
  afterAll(() => wire?.child.kill());

  it('answers every call of every tool with a result or a refusal, and serves on', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 5, arbitrary: callOf(FUZZED) }, { weight: 1, arbitrary: anyCall }),
        async (sent) => {
          expectAnswered(await wire.call(sent.name, sent.args), sent);
          // A rule of the run before must not hold up the next one (a hang, a latency of minutes).
          emulator.faults.clear();
        },
      ),
      { seed: 3201, numRuns: RUNS },
    );
    await expectServing(wire);
    expect(wire.stderr()).not.toMatch(/failed:|bug/);
  }, 120_000);
});

describe('addon mcp --read-only under hostile calls', () => {
  let wire: Wire;
  beforeAll(async () => {
    await emulator.reset();
    await emulator.seed({ size: 2 });
    await emulator.saveState('kept');
    emulator.faults.add({ path: '/invoices', status: 503, probability: 0.5 });
    wire = await startWire(['--emulator', emulator.url, '--read-only'], { cwd: project, nodeArgs: SMALL_HEAP });
  });
  afterAll(() => wire?.child.kill());

  it('changes nothing in the emulator, whatever tool, choice and values it is sent', async () => {
    const before = await emulatorState();
    await fc.assert(
      fc.asyncProperty(callOf(FUZZED), async (sent) => {
        expectAnswered(await wire.call(sent.name, sent.args), sent);
        expect(await emulatorState(), JSON.stringify(sent).slice(0, 500)).toEqual(before);
      }),
      { seed: 3202, numRuns: RUNS },
    );
    await expectServing(wire);
  }, 120_000);
});
