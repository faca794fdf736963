import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { UserError } from '../../common/errors.js';
import { checkWritable } from '../../common/files/file-write.js';
import { currentIo, fromCwd } from '../cli-io.js';
import { readConfigFile } from '../config-file.js';
import { checkedOption, httpUrl, port } from '../arguments.js';
import { coverageInto, emulatorOptions, withSettingsFlags, type SettingsFlags } from '../emulator-flags.js';
import { isInside } from '../paths.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../../sdk/browser/addresses.js';

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
      .addOption(
        checkedOption('-p, --port <n>', `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`, port),
      )
      .option('--host <host>', 'interface to bind', DEFAULT_HOST)
      .option('--no-open', 'do not open the host page in a browser')
      .addOption(
        checkedOption(
          '--addon-url <url>',
          "the add-on's dev URL, loaded in the host page (default: the demo add-on)",
          httpUrl('http://127.0.0.1:5173/'),
        ),
      )
      .option('--data <dir>', 'data dir for the store, keys and audit log', '.addon')
      .option('--ephemeral', 'keep everything in memory; nothing is written to disk')
      .option('--export-on-exit <file>', 'write the world to a state file when addon dev stops (Ctrl-C)')
      .option(
        '--json',
        'print the ready line, each API call (refused ones too), webhook attempt, disabled subscription and parity warning as JSON lines',
      ),
  ).action(async (flags: DevFlags) => {
    const { cwd } = currentIo();
    const file = await readConfigFile(cwd);
    const exportOnExit = flags.exportOnExit && fromCwd(flags.exportOnExit);
    const dataDir = flags.ephemeral ? undefined : fromCwd(flags.data);
    if (exportOnExit) {
      // Said now, not found out at the stop after a session's work.
      if (dataDir) await checkOutsideDataDir(exportOnExit, dataDir);
      await checkWritable(exportOnExit);
    }
    const options = emulatorOptions(flags, file);
    // `--import x --export-on-exit x` carries a world from run to run; the first run has no x yet.
    if (exportOnExit && options.state === exportOnExit && !existsSync(exportOnExit)) options.state = undefined;
    // The session (the add-on's process, the browser, the output), loaded by this command alone.
    const { runDevSession } = await import('../dev-session.js');
    await runDevSession({
      emulator: {
        ...options,
        host: flags.host,
        dataDir,
        demo: true,
        coverage: coverageInto(flags.coverage, 'addon dev'),
      },
      addonCommand: flags.addonUrl ? undefined : file.dev,
      cwd,
      open: flags.open,
      json: flags.json,
      exportOnExit: exportOnExit || undefined,
    });
  });
}

/**
 * The data dir is the emulator's: an export written over db.json, a journal or a lock would be read
 * as the store at the next start, so a file there is refused before anything starts.
 */
async function checkOutsideDataDir(file: string, dataDir: string): Promise<void> {
  if (await isInside(dataDir, file))
    throw new UserError(
      `--export-on-exit ${file} is inside the data dir ${dataDir}, which the emulator owns; choose a file outside it`,
    );
}
