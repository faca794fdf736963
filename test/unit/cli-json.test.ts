import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addonInProcess } from '../cli-in-process.js';
import { cleanUp, inProcess, ROOT, tempDir } from '../helpers.js';

/**
 * The one JSON shape (docs/cli.md#json): under --json a command prints one JSON object on stdout
 * (a list as `{"data": [...]}` with named extras, never a bare array), and an error one object on
 * stderr, `{"error": {"code", "message"}}`, with the same exit status as without --json.
 */
let url: string;
let dir: string;
beforeAll(async () => {
  const em = await inProcess({ dataDir: await tempDir() });
  url = await em.listen();
  dir = await tempDir();
});
afterAll(cleanUp);

const json = async (args: string[]) => {
  const run = await addonInProcess([...args, '--json'], { cwd: dir });
  expect(run.stderr, `${args.join(' ')}: ${run.stderr}`).toBe('');
  expect(run.exitCode, args.join(' ')).toBe(0);
  return JSON.parse(run.stdout) as unknown;
};
/** The rule: one JSON object, never a bare array or a bare value. */
function followsTheShape(value: unknown): void {
  expect(value !== null && typeof value === 'object' && !Array.isArray(value)).toBe(true);
}

describe('--json: one shape for every command', () => {
  it('prints one object, lists under data, for every command that reads or changes the emulator', async () => {
    const at = ['--emulator', url];
    const triggered = (await json(['trigger', 'customer.created', ...at])) as { deliveries: unknown[] };
    followsTheShape(triggered);
    const commands = [
      ['token', ...at],
      ['clock', ...at],
      ['clock', 'advance', '1m', ...at],
      ['logs', ...at],
      ['seed', '--size', '1', ...at],
      ['events'],
      ['deliveries', ...at],
      ['inbox', 'demo', ...at],
      ['faults', ...at],
      ['faults', 'add', '--status', '503', '--path', '/nothing', ...at],
      ['faults', 'clear', ...at],
      ['scopes', ...at],
      ['users', ...at],
      ['install', '--org', 'org_b', '--grant', 'invoices.read', ...at],
      ['uninstall', '--org', 'org_b', ...at],
      ['state', 'save', 'one', ...at],
      ['state', 'list', ...at],
      ['state', 'restore', 'one', ...at],
      ['state', 'rm', 'one', ...at],
      ['scenario', 'run', join(ROOT, 'templates', 'vite-ts', 'scenarios', 'first-invoice-paid.json'), ...at],
      ['init', 'made-by-json-test'],
    ];
    for (const args of commands) {
      const value = await json(args);
      followsTheShape(value);
    }
    // The lists: their items under data, with named extras.
    for (const list of [
      ['deliveries', ...at],
      ['logs', ...at],
      ['state', 'list', ...at],
      ['faults', ...at],
      ['inbox', 'demo', ...at],
      ['users', ...at],
    ])
      expect(Array.isArray(((await json(list)) as { data: unknown }).data), list.join(' ')).toBe(true);
    expect(await json(['events'])).toMatchObject({ data: expect.any(Array), total: expect.any(Number) });
  });

  it('says an error as one object on stderr, with the exit status it has without --json', async () => {
    for (const [args, exitCode, code] of [
      [['deliveries', 'show', 'no-such-delivery', '--emulator', url], 1, 'not_found'],
      [['token', '--jsn'], 2, 'usage_error'],
      [['clock', '--emulator', 'ftp://x'], 2, 'usage_error'],
      [['clock', '--emulator', 'http://127.0.0.1:1'], 1, 'invalid_request'],
    ] as const) {
      const plain = await addonInProcess([...args]);
      const run = await addonInProcess([...args, '--json']);
      expect([run.exitCode, plain.exitCode], args.join(' ')).toEqual([exitCode, exitCode]);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      const said = JSON.parse(run.stderr) as { error: { code: string; message: string } };
      expect(said.error.code, args.join(' ')).toBe(code);
      expect(plain.stderr).toBe(`addon: ${said.error.message}\n`);
    }
  });
});
