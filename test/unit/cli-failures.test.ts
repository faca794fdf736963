import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { BUG_EXIT_CODE } from '../../src/cli/failure-report.js';
import { runCli } from '../../src/cli/main.js';
import { UserError } from '../../src/common/errors.js';

/** Runs `addon fail` of a program whose one command throws `error`: its exit code and stderr. */
async function failing(error: unknown): Promise<{ exitCode: unknown; stderr: string }> {
  const cli = new Command('addon').exitOverride();
  cli.command('fail').action(() => {
    throw error;
  });
  let stderr = '';
  const io = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: '.',
  };
  const exitCode = await runCli(['fail'], io, cli);
  return { exitCode, stderr };
}

describe('a command that fails', () => {
  it('for a mistake of the user: one line and its exit code, no stack', async () => {
    const { exitCode, stderr } = await failing(new UserError('--limit must be at most 5000'));
    expect(exitCode).toBe(1);
    expect(stderr).toBe('addon: --limit must be at most 5000\n');
  });

  it("for a mistake quoting a file's name: one line still, its line breaks, escapes and bidi overrides shown", async () => {
    const name = 'coverage\n\u001b[2J\u202enosj.json';
    const { stderr } = await failing(new UserError(`${name}: not a coverage file`));
    expect(stderr).toBe('addon: coverage\\u000a\\u001b[2J\\u202enosj.json: not a coverage file\n');
  });

  it('for a bug: says it is one, prints its stack, and exits apart from a mistake', async () => {
    const { exitCode, stderr } = await failing(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(exitCode).toBe(BUG_EXIT_CODE);
    expect(BUG_EXIT_CODE).not.toBe(1);
    expect(stderr).toMatch(/^addon: this is a bug in addon-devkit, not a mistake of yours; please report it/);
    expect(stderr).toMatch(/\nTypeError: Cannot read properties of undefined \(reading 'id'\)\n\s+at /);
  });

  it('for a value thrown that is not an Error: still a bug, said as it is', async () => {
    const { exitCode, stderr } = await failing('lost');
    expect(exitCode).toBe(BUG_EXIT_CODE);
    expect(stderr).toMatch(/bug in addon-devkit.*\nlost\n$/);
  });
});
