import type { Command } from 'commander';
import { createEmulator } from '../../emulator/create-emulator.js';
import type { EmulatorStatus } from '../../control/status.js';
import { UserError } from '../../common/errors.js';
import { currentIo, setExitCode } from '../cli-io.js';
import { readConfigFile } from '../config-file.js';
import { coverageInto, emulatorOptions, withSettingsFlags, type SettingsFlags } from '../emulator-flags.js';
import { printlnStderr } from '../output.js';
import { runCommand } from '../run-command.js';

/**
 * `addon exec -- <command...>`: what CI jobs use. An ephemeral emulator on a free port lives exactly
 * as long as the command, which finds it through the environment; the exit code is the command's.
 */
export function execCommand(program: Command): void {
  withSettingsFlags(
    program
      .command('exec')
      .description('run a command against a fresh in-memory emulator, with ADDON_API_URL and ADDON_TOKEN set')
      .argument('<command...>', 'the command and its arguments (put -- before it)')
      .option('--json', "its own lines as JSON on stderr (stdout is the command's): ready, then exit")
      .passThroughOptions(),
  ).action(async (command: string[], flags: SettingsFlags & { json?: boolean }) => {
    // Real time, as the command's run is. hrtime, not performance.now(): the first use of that loads
    // node:perf_hooks, ~3 ms of every start.
    const started = process.hrtime.bigint();
    const { cwd, env } = currentIo();
    const emulator = await createEmulator({
      ...emulatorOptions(flags, await readConfigFile(cwd)),
      port: 0,
      dataDir: undefined,
      // The command may end without a request: the routes are made for the first one (it waits for them).
      httpOnDemand: true,
      // The flag, else ADDON_COVERAGE_DIR, which the command inherits too: its own emulators write theirs.
      coverage: coverageInto(flags.coverage ?? (env.ADDON_COVERAGE_DIR || undefined), 'addon exec'),
    });
    try {
      await emulator.listen();
      const { token } = await emulator.token();
      const { seed } = emulator.faults;
      if (flags.json)
        reportJson({
          event: 'ready',
          url: emulator.url,
          apiUrl: emulator.apiUrl,
          ...settingsOf(emulator.status()),
          faultSeed: seed,
        });
      else if (emulator.faults.list().length)
        printlnStderr(`addon exec: fault rules in force, seed ${seed} (repeat with --fault-seed ${seed})`);
      const result = await runCommand(command, {
        cwd,
        env: {
          ...env,
          ADDON_EMULATOR_URL: emulator.url,
          ADDON_API_URL: emulator.apiUrl,
          ADDON_TOKEN: token,
          ADDON_APP_ID: emulator.settings.appId,
          ADDON_ORG_ID: emulator.settings.orgId,
          ADDON_USER_ID: emulator.settings.userId,
        },
      });
      if (result.code === 'ENOENT') throw new UserError(`command not found: ${command[0]}`, 127);
      const exitCode = result.exitCode ?? (result.signal ? 128 + signalNumber(result.signal) : 1);
      setExitCode(exitCode);
      if (flags.json)
        reportJson({
          event: 'exit',
          exitCode,
          durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
        });
    } finally {
      await emulator.close();
    }
  });
}

/** One JSON line on stderr: stdout and its format belong to the command that runs. */
const reportJson = (value: object): void => printlnStderr(JSON.stringify(value));

const settingsOf = ({ appId, orgId, userId, grantedScopes }: EmulatorStatus) => ({
  appId,
  orgId,
  userId,
  scopes: grantedScopes,
});

const signalNumber = (signal: string): number => ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 })[signal] ?? 1;
