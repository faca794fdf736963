import { execFileSync } from 'node:child_process';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { completionScript } from '../../src/cli/completion.js';
import { program } from '../../src/cli/main.js';
import { processIo } from '../../src/cli/cli-io.js';
import { addonInProcess } from '../cli-in-process.js';

const whole = await program(processIo());

/** What real bash completes after `words` (the last one being typed), with the script loaded. */
function bashCompletes(words: string[]): string[] {
  const script = completionScript('bash', whole);
  const line = ['addon', ...words].map((w) => `'${w}'`).join(' ');
  const out = execFileSync(
    'bash',
    ['-c', `${script}\nCOMP_WORDS=(${line}); COMP_CWORD=${words.length}; _addon; printf '%s\\n' "\${COMPREPLY[@]}"`],
    { encoding: 'utf8' },
  );
  return out.split('\n').filter(Boolean);
}

describe('addon completion', () => {
  it('completes commands, subcommands and flags in real bash, from the program itself', () => {
    expect(bashCompletes(['de'])).toEqual(['dev', 'deliveries']);
    expect(bashCompletes(['faults', ''])).toEqual(expect.arrayContaining(['add', 'clear', 'list', '--emulator']));
    expect(bashCompletes(['faults', 'add', '--rate'])).toEqual(['--rate-limited']);
    expect(bashCompletes(['--emulator', 'http://x', 'clock', ''])).toEqual(
      expect.arrayContaining(['advance', '--json']),
    );
    expect(bashCompletes(['check', '--re'])).toEqual(['--report']);
  });

  it('follows a command added to the program, with no script edited', () => {
    const cli = new Command('addon');
    cli.command('frobnicate').option('--hard', 'very');
    expect(completionScript('fish', cli)).toMatch(/-a frobnicate/);
    expect(completionScript('fish', cli)).toMatch(/__fish_seen_subcommand_from frobnicate' -l hard -d 'very'/);
    expect(completionScript('zsh', cli)).toMatch(/bashcompinit[\s\S]*'frobnicate'\) options='--hard --help'/);
  });

  it('prints the script for a shell it knows, and refuses another in one line', async () => {
    const bash = await addonInProcess(['completion', 'bash']);
    expect(bash.exitCode).toBe(0);
    expect(bash.stdout).toMatch(/complete -o default -F _addon addon/);
    const tcsh = await addonInProcess(['completion', 'tcsh']);
    expect(tcsh.exitCode).toBe(2);
    expect(tcsh.stderr).toMatch(/^addon: .*tcsh.*bash, zsh, fish/);
  });
});

describe("each command's --help", () => {
  it('has examples, for every command and subcommand of the program', async () => {
    const { EXAMPLES, pathOf } = await import('../../src/cli/help-examples.js');
    const all = (command: Command): Command[] => command.commands.flatMap((c) => [c, ...all(c)]);
    const paths = all(whole).map(pathOf);
    expect(paths.filter((path) => !EXAMPLES[path])).toEqual([]);
    const help = await addonInProcess(['faults', 'add', '--help']);
    expect(help.stdout).toMatch(/\nExamples:\n {2}addon faults add --path \/invoices --status 503 --times 2\n/);
  });
});
