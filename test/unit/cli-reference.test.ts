import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { processIo } from '../../src/cli/cli-io.js';
import { program } from '../../src/cli/main.js';
import { cliReference, withReference } from '../../src/cli/reference.js';
import { ROOT } from '../helpers.js';

describe('docs/cli.md', () => {
  it('holds the reference the build makes from the CLI: every command, flag and example', async () => {
    const doc = readFileSync(`${ROOT}/docs/cli.md`, 'utf8');
    const reference = cliReference(await program(processIo()));
    expect(withReference(doc, reference), 'run npm run build').toBe(doc);
    for (const path of ['dev', 'listen', 'check', 'faults add', 'state export', 'completion'])
      expect(reference).toContain(`### addon ${path}\n`);
    expect(reference).toContain('| `--forward-to <url>` |');
  });
});

describe('a run of one command', () => {
  it('makes that command alone, as the whole program makes it; completion gets the whole program', async () => {
    const helps = (command: Command): string[] => [command.helpInformation(), ...command.commands.flatMap(helps)];
    const whole = await program(processIo());
    const names = whole.commands.map((command) => command.name());
    for (const command of whole.commands) {
      const alone = await program(processIo(), false, command.name());
      expect(alone.commands.map((made) => made.name())).toEqual(
        command.name() === 'completion' ? names : [command.name()],
      );
      expect(helps(alone.commands.find((made) => made.name() === command.name())!)).toEqual(helps(command));
    }
    expect((await program(processIo(), false, 'tokn')).commands.map((made) => made.name())).toEqual(names);
  });
});
