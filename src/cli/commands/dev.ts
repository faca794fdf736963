import { resolve } from 'node:path';
import type { Command } from 'commander';
import open from 'open';
import type { AuditEntry } from '../../audit/audit-log.js';
import type { AttemptReport } from '../../webhooks/dispatcher.js';
import { createEmulator, type Emulator } from '../../emulator/create-emulator.js';
import { emulatorOptions, wholeNumber, withSettingsFlags, type SettingsFlags } from '../emulator-flags.js';
import { color, printJsonLine, println } from '../output.js';

interface DevFlags extends SettingsFlags {
  host: string;
  open: boolean;
  data: string;
  ephemeral?: boolean;
  json?: boolean;
}

export function devCommand(program: Command): void {
  withSettingsFlags(
    program
      .command('dev')
      .description('start the emulator: host page, add-on REST API, session tokens and the control API')
      .option('-p, --port <n>', 'port to listen on (default 4455; 0 picks a free one)', wholeNumber)
      .option('--host <host>', 'interface to bind', '127.0.0.1')
      .option('--no-open', 'do not open the host page in a browser')
      .option('--addon-url <url>', "the add-on's dev URL, loaded in the host page")
      .option('--data <dir>', 'data dir for the store, keys and audit log', '.addon')
      .option('--ephemeral', 'keep everything in memory; nothing is written to disk')
      .option('--json', 'print the ready line, each API call and each webhook attempt as JSON lines'),
  ).action(async (flags: DevFlags) => {
    const started = performance.now();
    const emulator = await createEmulator({
      ...(await emulatorOptions(flags, process.cwd())),
      host: flags.host,
      dataDir: flags.ephemeral ? undefined : resolve(flags.data),
      demo: true,
    });
    await emulator.listen().catch(async (error) => {
      await emulator.close();
      throw error;
    });
    const readyMs = Math.round(performance.now() - started);
    if (flags.json) {
      printJsonLine({ event: 'ready', ...emulator.status(), readyMs });
      emulator.onAudit((entry) => printJsonLine({ event: 'request', ...entry }));
      emulator.onDelivery(({ delivery, attempt }) =>
        printJsonLine({
          event: 'delivery',
          deliveryId: delivery.deliveryId,
          name: delivery.event,
          status: delivery.status,
          ...attempt,
        }),
      );
    } else {
      printBanner(emulator, flags, readyMs);
      emulator.onAudit((entry) => println(requestLine(entry)));
      emulator.onDelivery((report) => println(deliveryAttemptLine(report)));
    }
    if (flags.open && !process.env.CI) open(emulator.url).catch(() => {});
    stopOnSignal(emulator, flags.json);
  });
}

function printBanner(emulator: Emulator, flags: DevFlags, readyMs: number): void {
  const { settings } = emulator;
  const row = (label: string, value: string) => println(`  ${color.dim(label.padEnd(12))}${value}`);
  println();
  println(`  ${color.bold('addon dev')}  ${settings.name} ${color.dim(`(${settings.appId})`)}`);
  println();
  row('Host page', color.cyan(emulator.url + '/'));
  row('Add-on', `${settings.addonUrl}${emulator.demoUrl ? color.dim(' (demo)') : ''}`);
  row('REST API', color.cyan(emulator.apiUrl));
  row('JWKS', emulator.url + '/.well-known/jwks.json');
  row('App id', settings.appId);
  row('Org', settings.orgId);
  row('User', settings.userId);
  row('Scopes', `${settings.grantedScopes.join(' ')} ${color.dim(`(declared: ${settings.scopes.join(' ')})`)}`);
  row('Rate limit', `${settings.rateLimit} requests/hour`);
  row('Data', emulator.dataDir ?? 'in memory (--ephemeral)');
  println();
  println(
    `  ${color.green('Ready')} in ${readyMs} ms. Mint a token with ${color.bold('npx addon token')}; Ctrl-C stops.`,
  );
  println();
  if (emulator.demoUrl) {
    println(color.dim('  No add-on URL configured (--addon-url or "url" in addon.config.json): the host page opens'));
    println(color.dim('  the bundled demo add-on, served on a port of its own.\n'));
  }
  if (!['127.0.0.1', 'localhost', '::1'].includes(flags.host)) {
    println(color.yellow(`  Bound to ${flags.host}: other machines can reach the add-on API (not the control API).\n`));
  }
}

function requestLine(entry: AuditEntry): string {
  const status =
    entry.status < 300
      ? color.green(entry.status)
      : entry.status < 500
        ? color.yellow(entry.status)
        : color.red(entry.status);
  const scope = entry.scope.required ? color.dim(` ${entry.scope.required} ${entry.scope.decision}`) : '';
  return `${color.dim(entry.time.slice(11, 19))} ${entry.method.padEnd(6)} ${entry.path} ${status} ${color.dim(`${entry.durationMs}ms`)}${scope}`;
}

/** `00:12:01 webhook invoice.paid -> http://127.0.0.1:3000/hooks 200 12ms (attempt 1)` */
function deliveryAttemptLine({ delivery, attempt }: AttemptReport): string {
  const outcome = attempt.response ? String(attempt.response.status) : attempt.error!;
  const painted = attempt.ok ? color.green(outcome) : color.red(outcome);
  const retry = delivery.nextAttemptAt ? color.dim(` retry at ${delivery.nextAttemptAt.slice(11, 19)}`) : '';
  return `${color.dim(attempt.at.slice(11, 19))} ${color.magenta('webhook')} ${delivery.event} -> ${delivery.webhookUrl} ${painted} ${color.dim(`${attempt.durationMs}ms (attempt ${attempt.attempt})`)}${retry}`;
}

/** Ctrl-C (or SIGTERM) closes cleanly, flushing the store; a second Ctrl-C does not wait. */
function stopOnSignal(emulator: Emulator, quiet = false): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(130);
    stopping = true;
    await emulator.close();
    if (!quiet) println(color.dim('  Stopped; the store is flushed.'));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
