import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { readConfigFile } from '../config-file.js';
import { runDevSession } from '../dev-session.js';
import { emulatorOptions, portNumber, withSettingsFlags, type SettingsFlags } from '../emulator-flags.js';

interface DevFlags extends SettingsFlags {
  host: string;
  open: boolean;
  data: string;
  ephemeral?: boolean;
  json?: boolean;
  exportOnExit?: string;
}

export function devCommand(program: Command): void {
  withSettingsFlags(
    program
      .command('dev')
      .description(
        'start the emulator and open the host page (and the add-on, when addon.config.json names its dev command)',
      )
      .option('-p, --port <n>', 'port to listen on (default 4455; 0 picks a free one)', portNumber)
      .option('--host <host>', 'interface to bind', '127.0.0.1')
      .option('--no-open', 'do not open the host page in a browser')
      .option('--addon-url <url>', "the add-on's dev URL, loaded in the host page (default: the demo add-on)")
      .option('--data <dir>', 'data dir for the store, keys and audit log', '.addon')
      .option('--ephemeral', 'keep everything in memory; nothing is written to disk')
      .option('--export-on-exit <file>', 'write the world to a state file when addon dev stops (Ctrl-C)')
      .option('--json', 'print the ready line, each API call and each webhook attempt as JSON lines'),
  ).action(async (flags: DevFlags) => {
    const cwd = process.cwd();
    const file = await readConfigFile(cwd);
    const exportOnExit = flags.exportOnExit && resolve(flags.exportOnExit);
    const options = emulatorOptions(flags, file);
    // `--import x --export-on-exit x` carries a world from run to run; the first run has no x yet.
    if (exportOnExit && options.state === exportOnExit && !existsSync(exportOnExit)) options.state = undefined;
    await runDevSession({
      emulator: {
        ...options,
        host: flags.host,
        dataDir: flags.ephemeral ? undefined : resolve(flags.data),
        demo: true,
      },
      addonCommand: flags.addonUrl ? undefined : file.dev,
      cwd,
      open: flags.open,
      json: flags.json,
      exportOnExit: exportOnExit || undefined,
    });
  });
}
