import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateKeys } from '../../src/auth/keys.js';
import { readJsonFile } from '../../src/common/json/json-file.js';
import { jsonSyntaxProblem } from '../../src/common/json/json-syntax.js';
import { addonInProcess } from '../cli-in-process.js';

/**
 * A malformed argument is a usage error (exit 2) said before any network call: a socket on
 * loopback stands where the emulator would be and counts the connections it is offered.
 */
let server: Server;
let connections = 0;
let emulator: string;

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(404).end());
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  emulator = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const ID_WORDS = '1 to 64 letters, digits and _ . : -, starting with a letter or digit';
const NO_SCOPE = 'names no scope: list them, like invoices.read,customers.*, or give none for no scope at all';
const STATE_WORDS = '1 to 64 letters, digits and . _ -, starting with a letter or digit';

describe('arguments are checked before the emulator is called', () => {
  it.each([
    [['token', '--org', ''], `--org takes ${ID_WORDS} (got "")`],
    [['token', '--user', 'a b'], `--user takes ${ID_WORDS} (got "a b")`],
    [['token', '--app-id', 'demo'], '--app-id takes a reverse-domain app id like com.example.my-addon (got "demo")'],
    [
      ['token', '--expires-in', '60d'],
      '--expires-in takes a duration of whole seconds from 1s to 30d, like 10m or 2h (got "60d")',
    ],
    [['token', '--expired', '--tampered'], 'one bad token at a time: choose one of --expired, --tampered'],
    [['clock', 'advance', '5x'], '<duration> takes a duration like 90s, 5m, 1h or 1h30m (got "5x")'],
    // A bare number is not read in a unit of the kit's choosing, and no time at all is a slip.
    [['clock', 'advance', '5'], '<duration> has no unit: write 5s, 5m, 5h or 5d (got "5")'],
    [['clock', 'advance', '0s'], '<duration> must be at least 1ms (got "0s")'],
    [['clock', 'advance', '0'], '<duration> must be at least 1ms (got "0")'],
    [['clock', 'advance', '0.4ms'], '<duration> must be at least 1ms (got "0.4ms")'],
    [
      ['token', '--expires-in', '3600'],
      '--expires-in takes a duration of whole seconds from 1s to 30d, like 10m or 2h (got "3600")',
    ],
    // An unset variable (--scopes "$SCOPES") is not a wish for a token without scopes: that is `none`.
    [['token', '--scopes', ''], `--scopes ${NO_SCOPE} (got "")`],
    [['token', '--scopes', ' , '], `--scopes ${NO_SCOPE} (got " , ")`],
    [['seed', '--size', '10001'], '--size takes a whole number from 1 to 10000 (got "10001")'],
    [
      ['trigger', 'invoice.paid', '--data', '{"a":\n1'],
      '--data takes a JSON object, or @file holding one (got "{"a": 1")',
    ],
    [['trigger', 'invoice.paid', '--org', '!'], `--org takes ${ID_WORDS} (got "!")`],
    [['deliveries', '--status', 'weird'], '--status takes one of pending, succeeded, failed, cancelled (got "weird")'],
    [['deliveries', '--limit', '0'], '--limit takes a whole number from 1 to 5000 (got "0")'],
    [['inbox', 'a/b'], '<name> takes 1 to 64 letters, digits and . _ - (got "a/b")'],
    [['inbox', 'orders', '-n', '201'], '--limit takes a whole number from 1 to 200 (got "201")'],
    [
      ['listen', '--events', ' , '],
      '--events takes event names, comma-separated, like invoice.paid,customer.created (got " , ")',
    ],
    [['faults', 'add', '--status', '999'], '--status must be at most 599'],
    [['faults', 'add', '--latency', '5x'], '--latency must be milliseconds, like 200, or a range, like 100-500'],
    [['faults', 'add', '--status', '500', '--method', 'FROB'], '--method must be one of GET, POST, PUT, PATCH, DELETE'],
    [
      ['faults', 'add', '--status', '500', '--probability', '2'],
      '--probability takes a number from 0 to 1, like 0.25 (got "2")',
    ],
    [['faults', 'add', '--path', '/invoices'], expect.stringMatching(/^name an effect: --status, /)],
    [['faults', 'clear', 'abc'], '<id> takes a rule id like flt_3, or its number (got "abc")'],
    [['state', 'save', '../x'], `<name> takes ${STATE_WORDS} (got "../x")`],
    [['state', 'restore', ''], `<name> takes ${STATE_WORDS} (got "")`],
    [['logs', '--limit', '1001'], '--limit takes a whole number from 0 to 1000 (got "1001")'],
    [['scenario', 'run', 'x.json', '--webhooks', 'maybe'], '--webhooks takes one of on, off (got "maybe")'],
  ])('addon %j', async (args, said) => {
    const before = connections;
    const run = await addonInProcess([...args, '--emulator', emulator]);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.endsWith('\n') && run.stderr.split('\n').length).toBe(2);
    expect(run.stderr.slice('addon: '.length, -1)).toEqual(said);
    expect(connections).toBe(before);
  });

  it('under --json, the same refusal as a usage_error on stderr', async () => {
    const run = await addonInProcess(['deliveries', '--status', 'weird', '--json', '--emulator', emulator]);
    expect(run.exitCode).toBe(2);
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        code: 'usage_error',
        message: '--status takes one of pending, succeeded, failed, cancelled (got "weird")',
      },
    });
  });

  it('a well-formed argument does reach the address (where no emulator answers)', async () => {
    const before = connections;
    const run = await addonInProcess(['deliveries', '--status', 'failed', '--emulator', emulator]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/answered, but it is not an addon emulator/);
    expect(connections).toBeGreaterThan(before);
  });
});

describe("a file's content is never quoted in an error", () => {
  const broken = '{\n  "secret": "s3cr3t-value",\n  "b": \n}\n';

  it('says the reason on one line, with the line and column when the parser gives a position', () => {
    const problem = (text: string) => {
      try {
        JSON.parse(text);
      } catch (error) {
        return jsonSyntaxProblem(error, text);
      }
    };
    expect(problem(broken)).toBe("Unexpected token '}'");
    expect(problem('{\n  "a": 1\n  "b": 2\n}')).toMatch(
      /^Expected ',' or '}' after property value at line 3, column 3$/,
    );
    expect(problem('')).toBe('Unexpected end of JSON input');
  });

  it('readJsonFile, a state file or scenario: one line naming the file, none of its text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'addon-json-'));
    const path = join(dir, 'broken.json');
    await writeFile(path, broken);
    const error = await readJsonFile(path, { maxBytes: 1024, maxDepth: 8 }).catch((e: Error) => e);
    expect((error as Error).message).toBe(`${path} is not valid JSON (Unexpected token '}'); nothing was changed`);
    const run = await addonInProcess(['state', 'import', 'broken.json', '--emulator', emulator], { cwd: dir });
    expect(run.stderr).toBe(`addon: ${path} is not valid JSON (Unexpected token '}'); nothing was changed\n`);
  });

  it('a damaged key file is said without the key it holds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'addon-keys-'));
    await writeFile(join(dir, 'keys.json'), '{"alg":"ES256","privateJwk":{"d":"PRIVATE-PART"\n');
    const error = await loadOrCreateKeys(dir).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/^the key file \S+keys\.json is damaged \([^\n]+\); delete it/);
    expect((error as Error).message).not.toContain('PRIVATE');
  });
});
