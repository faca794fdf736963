import { readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cli, ROOT, tempDir } from '../helpers.js';

afterEach(cleanUp);

/** What `addon exec` had done when its command was spawned, as test/fixtures/start-probe.cjs saw it. */
async function beforeTheCommand(): Promise<{ collators: number; modules: string[] }> {
  const out = join(await tempDir(), 'probe.json');
  const probe = join(ROOT, 'test', 'fixtures', 'start-probe.cjs');
  const result = await cli(['exec', '--', 'node', '-e', '0'], {
    env: { NODE_OPTIONS: `--require ${JSON.stringify(probe)}`, START_PROBE_OUT: out },
  });
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(await readFile(out, 'utf8'));
}

/**
 * Every CI run waits for `addon exec` to start its command (docs/performance.md, "CI start-up"):
 * what the command does not need is not done before it starts.
 */
describe('addon exec before its command starts', () => {
  it('makes no Intl.Collator (loading ICU collation data took ~10 ms of every start)', async () => {
    expect((await beforeTheCommand()).collators).toBe(0);
  });

  it("loads no module of Node's that only an ES module import's facade asked for (undici, zlib, tls)", async () => {
    // On Node 22 and 24 the facade of node:http reads its WebSocket and EventSource exports, which
    // load undici with zlib and tls.
    const { modules } = await beforeTheCommand();
    expect(modules.filter((name) => /undici|zlib|^tls$|internal\/tls/.test(name))).toEqual([]);
  });

  it("imports Node's own modules with process.getBuiltinModule, never by an ES module import", () => {
    const chunks = readdirSync(join(ROOT, 'dist', 'cli')).filter((file) => file.endsWith('.bundle.js'));
    const imported = chunks.flatMap((chunk) =>
      [...readFileSync(join(ROOT, 'dist', 'cli', chunk), 'utf8').matchAll(/from\s*["'`](node:[\w/]+)["'`]/g)].map(
        (match) => `${chunk}: ${match[1]}`,
      ),
    );
    // Rolldown's runtime alone imports node:module (its createRequire): the entry imports the runtime.
    expect(imported).toEqual(['rolldown-runtime.bundle.js: node:module']);
  });

  it("compiles none of the other commands' code: the CLI's entry holds exec's command and not theirs", () => {
    const commandsIn = (chunk: string): string[] =>
      (JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', `${chunk}.map`), 'utf8')) as { sources: string[] }).sources
        .filter((source) => source.startsWith('commands/'))
        .map((source) => source.split('/').pop()!.replace(/\.js$/, '.ts'))
        .sort();
    expect(commandsIn('addon-cli.bundle.js')).toEqual(['exec.ts']);
    // The others load in a chunk of their own when another command runs (src/cli/commands/index.ts).
    const others = readdirSync(join(ROOT, 'src', 'cli', 'commands')).filter((file) => file !== 'exec.ts');
    expect(commandsIn('commands.bundle.js')).toEqual(others.sort());
  });
});
