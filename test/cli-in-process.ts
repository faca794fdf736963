import type { CliStream } from '../src/cli/cli-io.js';
import { runCli } from '../src/cli/main.js';

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** A stream that keeps what is written to it; a terminal when `isTTY`. */
function captured(isTTY: boolean): CliStream & { readonly text: string } {
  let text = '';
  return {
    isTTY,
    write: (chunk: string) => (text += chunk),
    get text() {
      return text;
    },
  };
}

/**
 * Runs `addon <args>` in this process, on streams of its own. The environment is only `env`, so
 * neither the shell's ADDON_EMULATOR_URL nor its NO_COLOR reaches the command unless a test says so.
 */
export async function addonInProcess(
  args: string[],
  { env = {}, cwd = process.cwd(), tty = false }: { env?: Record<string, string>; cwd?: string; tty?: boolean } = {},
): Promise<CliRun> {
  const stdout = captured(tty);
  const stderr = captured(tty);
  const exitCode = await runCli(args, { stdout, stderr, env, cwd });
  return { exitCode, stdout: stdout.text, stderr: stderr.text };
}
