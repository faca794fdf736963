import { Argument, type Command } from 'commander';
import { completionScript, SHELLS, type Shell } from '../completion.js';
import { currentIo } from '../cli-io.js';

/** `addon completion bash|zsh|fish`: the shell's completion script, made from the program's commands. */
export function completionCommand(program: Command): void {
  program
    .command('completion')
    .description('print the completion script for your shell')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .action((shell: Shell) => {
      currentIo().stdout.write(completionScript(shell, program));
    });
}
