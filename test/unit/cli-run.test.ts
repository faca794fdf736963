import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processIo } from '../../src/cli/cli-io.js';
import { program } from '../../src/cli/main.js';
import { addonInProcess } from '../cli-in-process.js';
import { cleanUp, inProcess, ROOT } from '../helpers.js';

/** runCli: the program on injected streams, environment and directory, answering its exit code. */
const { version } = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string };

describe("commander's own output goes to the injected streams", () => {
  it('help and the version on stdout, exit 0', async () => {
    const help = await addonInProcess(['--help']);
    expect(help).toMatchObject({ exitCode: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: addon \[options\] \[command\]\n/);
    expect(help.stdout).toMatch(/^ +token \[options\] +mint a session token/m);
    for (const flag of ['--version', '-v'])
      expect(await addonInProcess([flag])).toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('a usage error', () => {
  it.each([
    [['tokn'], "addon: unknown command 'tokn' (Did you mean token?)"],
    [['token', '--jsn'], "addon: unknown option '--jsn' (Did you mean --json?)"],
    [['trigger'], "addon: missing required argument 'event'"],
    [['deliveries', '--limit', 'many'], 'addon: --limit takes a whole number from 1 to 5000 (got "many")'],
    [['clock', 'advance', '1h', '2h'], "addon: too many arguments for 'advance'. Expected 1 argument but got 2."],
    [['clock', 'advance', '-5m'], 'addon: the emulated clock only moves forward: give a positive duration, like 5m'],
  ])('addon %j is exit 2 and one line on stderr', async (args, line) => {
    expect(await addonInProcess(args)).toEqual({ exitCode: 2, stdout: '', stderr: `${line}\n` });
  });

  it('no command at all: the help, on stderr, exit 2', async () => {
    const run = await addonInProcess([]);
    expect(run).toMatchObject({ exitCode: 2, stdout: '' });
    expect(run.stderr).toMatch(/^Usage: addon /);
  });
});

describe("the emulator's address", () => {
  const WORDS = "takes the emulator's origin alone (scheme, host and port): use http://127.0.0.1:4455";

  it.each([
    ['not a url', `--emulator takes the emulator's address, like http://127.0.0.1:4455 (got "not a url")`],
    [
      'http://127.0.0.1:99999',
      '--emulator has a port out of range: ports go from 1 to 65535 (got "http://127.0.0.1:99999")',
    ],
    ['ftp://127.0.0.1:4455', '--emulator takes an http: or https: address, not ftp: (got "ftp://127.0.0.1:4455")'],
    ['localhost:4455', '--emulator needs its scheme: use http://localhost:4455 (got "localhost:4455")'],
    // More than an origin is refused, not dropped: the path of the OpenAPI document, a query, a fragment.
    [
      'http://127.0.0.1:4455/api/addon/v1/openapi.json',
      `--emulator ${WORDS} (got "http://127.0.0.1:4455/api/addon/v1/openapi.json")`,
    ],
    ['http://127.0.0.1:4455/?org=org_b', `--emulator ${WORDS} (got "http://127.0.0.1:4455/?org=org_b")`],
    ['http://127.0.0.1:4455#/invoices', `--emulator ${WORDS} (got "http://127.0.0.1:4455#/invoices")`],
  ])('--emulator %s: a usage error in one line, before any emulator is asked', async (address, said) => {
    expect(await addonInProcess(['token', '--emulator', address])).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: `addon: ${said}\n`,
    });
  });

  it('reads ADDON_EMULATOR_URL from the environment it is given, by the same rule, named as the variable', async () => {
    const from = async (value: string) =>
      (await addonInProcess(['clock'], { env: { ADDON_EMULATOR_URL: value } })).stderr;
    expect(await from('from the env')).toBe(
      `addon: ADDON_EMULATOR_URL takes the emulator's address, like http://127.0.0.1:4455 (got "from the env")\n`,
    );
    expect(await from('http://127.0.0.1:4455/api/addon/v1')).toBe(
      `addon: ADDON_EMULATOR_URL ${WORDS} (got "http://127.0.0.1:4455/api/addon/v1")\n`,
    );
  });

  it('is checked alike by every command that takes --emulator', async () => {
    // What each needs besides, so that only the address is wrong.
    const ARGS: Record<string, string[]> = {
      token: [],
      clock: [],
      'clock advance': ['1m'],
      logs: [],
      seed: [],
      trigger: ['invoice.paid'],
      api: ['GET', '/customers'],
      deliveries: [],
      'deliveries show': ['abcd'],
      'deliveries replay': ['abcd'],
      inbox: ['demo'],
      listen: [],
      faults: [],
      'faults list': [],
      'faults add': ['--status', '503'],
      'faults clear': [],
      scopes: [],
      install: [],
      uninstall: [],
      users: [],
      state: [],
      'state list': [],
      'state save': ['one'],
      'state restore': ['one'],
      'state reset': [],
      'state rm': ['one'],
      'state export': ['world.json'],
      'state import': ['world.json'],
      'scenario run': ['scenario.json'],
      mcp: [],
    };
    const withFlag = (command: Command, path: string[] = []): string[] =>
      command.commands.flatMap((sub) => {
        const here = [...path, sub.name()];
        return [...(sub.options.some((o) => o.long === '--emulator') ? [here.join(' ')] : []), ...withFlag(sub, here)];
      });
    expect(withFlag(await program(processIo())).sort()).toEqual(Object.keys(ARGS).sort());
    const address = 'http://127.0.0.1:4455/api/addon/v1/openapi.json';
    for (const [command, args] of Object.entries(ARGS)) {
      const run = await addonInProcess([...command.split(' '), ...args, '--emulator', address]);
      expect(run, command).toEqual({
        exitCode: 2,
        stdout: '',
        stderr: `addon: --emulator ${WORDS} (got "${address}")\n`,
      });
    }
  });
});

describe('colour belongs to the stream: painted on a terminal, plain elsewhere and with NO_COLOR', () => {
  let url: string;
  beforeAll(async () => {
    const em = await inProcess();
    url = await em.listen();
  });
  afterAll(cleanUp);

  const dim = '\u001b[2m';
  const red = '\u001b[31m';

  it('paints the lines of a command and the addon: of an error on a terminal', async () => {
    const listed = await addonInProcess(['faults', '--emulator', url], { tty: true });
    expect(listed.stdout.startsWith(`${dim}No fault rules`)).toBe(true);
    const refused = await addonInProcess(['faults', 'add', '--emulator', url], { tty: true });
    expect(refused.stderr.startsWith(`${red}addon:`)).toBe(true);
  });

  it('writes them plain to a stream that is not a terminal, and with NO_COLOR set', async () => {
    for (const options of [{ tty: false }, { tty: true, env: { NO_COLOR: '1' } }]) {
      const listed = await addonInProcess(['faults', '--emulator', url], options);
      expect(listed.stdout, JSON.stringify(options)).toMatch(/^No fault rules \(seed \d+\)/);
      const refused = await addonInProcess(['faults', 'add', '--emulator', url], options);
      expect(refused.stderr, JSON.stringify(options)).toMatch(/^addon: name an effect/);
    }
  });

  it('takes --no-color after any command, and FORCE_COLOR where there is no terminal', async () => {
    const plain = await addonInProcess(['faults', '--emulator', url, '--no-color'], { tty: true });
    expect(plain.stdout).toMatch(/^No fault rules/);
    const forced = await addonInProcess(['faults', '--emulator', url], { tty: false, env: { FORCE_COLOR: '1' } });
    expect(forced.stdout.startsWith(`${dim}No fault rules`)).toBe(true);
    const off = await addonInProcess(['faults', '--emulator', url], { tty: true, env: { FORCE_COLOR: '0' } });
    expect(off.stdout).toMatch(/^No fault rules/);
  });

  it('says of an empty list what its filter was', async () => {
    expect((await addonInProcess(['deliveries', '--emulator', url])).stdout).toBe('No deliveries yet.\n');
    const filtered = await addonInProcess([
      'deliveries',
      '--status',
      'failed',
      '--event',
      'invoice.paid',
      '--emulator',
      url,
    ]);
    expect(filtered.stdout).toBe('No failed invoice.paid deliveries.\n');
  });

  it('keeps each run its own when runs overlap: its streams and its exit code', async () => {
    // The first is the process's sole run, the others are told apart by AsyncLocalStorage (cli-io.ts).
    const [json, painted, refused] = await Promise.all([
      addonInProcess(['faults', '--json', '--emulator', url]),
      addonInProcess(['faults', '--emulator', url], { tty: true }),
      addonInProcess(['faults', 'add', '--emulator', url]),
    ]);
    expect(json).toMatchObject({ exitCode: 0, stderr: '' });
    expect(JSON.parse(json.stdout)).toMatchObject({ data: [] });
    expect(painted).toMatchObject({ exitCode: 0, stderr: '' });
    expect(painted.stdout.startsWith(`${dim}No fault rules`)).toBe(true);
    expect(refused).toMatchObject({ exitCode: 2, stdout: '' });
    expect(refused.stderr).toMatch(/^addon: name an effect/);
  });

  it('clears a fault rule by the number the list shows', async () => {
    const added = await addonInProcess(['faults', 'add', '--status', '503', '--json', '--emulator', url]);
    const { id } = JSON.parse(added.stdout) as { id: string };
    const cleared = await addonInProcess(['faults', 'clear', id.replace('flt_', ''), '--emulator', url]);
    expect(cleared).toMatchObject({ exitCode: 0, stdout: 'Cleared 1 fault rule.\n' });
  });
});
