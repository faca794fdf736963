import type { Command } from 'commander';
import { createEmulator, type Emulator } from '../../emulator/create-emulator.js';
import { clientConfig, MCP_CLIENTS, type McpClient } from '../../mcp/client-config.js';
import { loopbackOnly } from '../../mcp/loopback.js';
import { DEFAULT_HOST } from '../../sdk/browser/addresses.js';
import { checkedOption, oneOf, usageError } from '../arguments.js';
import { currentIo } from '../cli-io.js';
import { readConfigFile } from '../config-file.js';
import { emulatorUrl, withEmulatorFlag } from '../emulator-client.js';
import { exportStateTo } from '../state-export.js';
import { clientOf } from '../emulator-command.js';
import { emulatorOptions } from '../emulator-flags.js';
import { printlnStderr } from '../output.js';

interface McpFlags {
  emulator?: string;
  start?: boolean;
  readOnly?: boolean;
  printConfig?: McpClient;
}

/**
 * `addon mcp`: the emulator as an MCP server over stdio, for a coding agent (src/mcp/). It attaches to
 * a running emulator on this machine, or with `--start` runs an in-memory one of its own for as long
 * as the client stays.
 */
export function mcpCommand(program: Command): void {
  withEmulatorFlag(
    program
      .command('mcp')
      .description(
        'serve the emulator to a coding agent as an MCP server over stdio (tools, the OpenAPI document, docs)',
      )
      .option(
        '--start',
        "start an in-memory emulator of its own with addon.config.json's settings, stopped when the client goes",
      )
      .option('--read-only', 'offer only the tools and actions that change nothing')
      .addOption(
        checkedOption(
          '--print-config <client>',
          `print the configuration that registers this server with a client (${MCP_CLIENTS.join(', ')}), and exit`,
          oneOf(MCP_CLIENTS),
        ),
      ),
  ).action(async (flags: McpFlags) => {
    const { cwd, stdout } = currentIo();
    if (flags.printConfig) {
      const { where, snippet } = clientConfig(flags.printConfig);
      printlnStderr(`addon mcp: put this in ${where}`);
      stdout.write(snippet);
      return;
    }
    if (flags.start && flags.emulator !== undefined)
      throw usageError('--start runs an emulator of its own: give --start or --emulator, not both');
    // Said before anything starts: the address is one of this machine, or nothing is served.
    const attachTo = flags.start ? null : loopbackOnly(emulatorUrl(flags.emulator));
    // As every command that talks to an emulator: one that does not answer is said at once, not served.
    if (attachTo) await clientOf(attachTo).get('/status');
    // The SDK and the tools, loaded by this command alone: every other command starts without them.
    const { serveStdio } = await import('../../mcp/serve.js');
    let emulator: Emulator | null = null;
    try {
      if (!attachTo) emulator = await startOwn(cwd);
      const url = attachTo ?? emulator!.url;
      printlnStderr(
        `addon mcp: serving ${emulator ? 'its own in-memory emulator at' : 'the emulator at'} ${url} over stdio${flags.readOnly ? ', read-only' : ''}`,
      );
      await serveStdio({
        emulatorFor: (signal) => clientOf(url, signal),
        cwd,
        readOnly: flags.readOnly ?? false,
        exportStateTo,
      });
    } finally {
      await emulator?.close();
    }
  });
}

/** As `addon exec` starts one, on a free port of 127.0.0.1; the demo add-on when none is configured, as `addon dev`. */
async function startOwn(cwd: string): Promise<Emulator> {
  const emulator = await createEmulator({
    ...emulatorOptions({}, await readConfigFile(cwd)),
    port: 0,
    host: DEFAULT_HOST,
    dataDir: undefined,
    demo: true,
  });
  try {
    await emulator.listen();
  } catch (error) {
    await emulator.close();
    throw error;
  }
  return emulator;
}
