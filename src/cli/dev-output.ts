import type { AuditEntry } from '../audit/audit-log.js';
import type { Refusal } from '../api/pipeline.js';
import type { Emulator } from '../emulator/create-emulator.js';
import type { ParityWarning } from '../parity/parity-log.js';
import { DEFAULT_EMULATOR_URL } from '../sdk/browser/addresses.js';
import { deliveryAttemptJson, deliveryAttemptLine, disabledJson, disabledLine } from './delivery-line.js';
import { faultMark } from './fault-mark.js';
import { color, printJsonLine, printJsonLineSoon, println, printlnSoon, type Palette } from './output.js';

/**
 * What `addon dev` prints: the banner, then a line per API call (those refused before the audit log,
 * 401 and 429, with why), per webhook attempt and per subscription disabled by failed attempts. Those
 * lines come as the emulator works, and are written together, a few milliseconds late (printlnSoon).
 */
export function printDevOutput(
  emulator: Emulator,
  { json, host, readyMs }: { json?: boolean; host: string; readyMs: number },
): void {
  if (json) {
    printJsonLine({ event: 'ready', ...emulator.status(), readyMs });
    emulator.onAudit((entry) => printJsonLineSoon({ event: 'request', ...entry }));
    emulator.onRefused((refusal) => printJsonLineSoon({ event: 'refused', ...refusal }));
    emulator.parity.onWarning((warning) => printJsonLineSoon({ event: 'parity', ...warning }));
    emulator.onDelivery((report) => printJsonLineSoon(deliveryAttemptJson(report)));
    emulator.onSubscriptionDisabled((report) => printJsonLineSoon(disabledJson(report)));
    return;
  }
  printBanner(emulator, host, readyMs);
  emulator.onAudit((entry) => printlnSoon((c) => requestLine(entry, c)));
  emulator.onRefused((refusal) => printlnSoon((c) => refusedLine(refusal, c)));
  emulator.parity.onWarning((warning) => printlnSoon((c) => parityLine(warning, c)));
  emulator.onDelivery((report) => printlnSoon((c) => deliveryAttemptLine(report, c)));
  emulator.onSubscriptionDisabled((report) => printlnSoon((c) => disabledLine(report, c)));
}

function printBanner(emulator: Emulator, host: string, readyMs: number): void {
  const { settings } = emulator;
  const row = (label: string, value: string) => println(`  ${color.dim(label.padEnd(12))}${value}`);
  println();
  println(`  ${color.bold('addon dev')}  ${settings.name} ${color.dim(`(${settings.appId})`)}`);
  println();
  row('Host page', color.cyan(emulator.hostPageUrl));
  row('Add-on', `${emulator.addonUrl}${emulator.demoUrl ? color.dim(' (demo)') : ''}`);
  row('REST API', color.cyan(emulator.apiUrl));
  row('JWKS', emulator.url + '/.well-known/jwks.json');
  row('App id', settings.appId);
  row('Org', settings.orgId);
  row('User', settings.userId);
  const granted = emulator.organization(settings.orgId).installation?.grantedScopes ?? [];
  row('Scopes', `${granted.join(' ') || 'none'} ${color.dim(`(declared: ${settings.scopes.join(' ')})`)}`);
  // Configured organizations (docs/installations.md): where the add-on is installed, at a glance.
  if (settings.organizations)
    row(
      'Orgs',
      emulator
        .organizations()
        .map(({ id, installation }) => `${id} ${color.dim(installation ? '(installed)' : '(not installed)')}`)
        .join(', '),
    );
  row('Rate limit', `${settings.rateLimit} requests/hour`);
  row('Data', emulator.dataDir ?? 'in memory (--ephemeral)');
  const { importedFrom } = emulator.status();
  if (importedFrom) row('World', `${importedFrom} ${color.dim('(--import; reset goes back to it)')}`);
  const { seed } = emulator.faults;
  const rules = emulator.faults.list().length;
  row('Faults', rules ? `${rules} rule${rules === 1 ? '' : 's'}, seed ${seed}` : color.dim(`none (seed ${seed})`));
  row(
    'Parity',
    emulator.parity.strict
      ? 'strict: what the platform refuses is refused'
      : color.dim('warnings where the add-on leans on the emulator (--strict refuses)'),
  );
  println();
  // The other commands find the emulator at the default address by themselves; elsewhere, say how.
  const tokenCommand =
    emulator.url === DEFAULT_EMULATOR_URL ? 'npx addon token' : `npx addon token --emulator ${emulator.url}`;
  println(`  ${color.green('Ready')} in ${readyMs} ms. Mint a token with ${color.bold(tokenCommand)}; Ctrl-C stops.`);
  if (emulator.url !== DEFAULT_EMULATOR_URL)
    println(color.dim(`  (or export ADDON_EMULATOR_URL=${emulator.url} for every addon command in that shell)`));
  println();
  if (emulator.demoUrl) {
    println(color.dim('  No add-on URL configured (--addon-url or "url" in addon.config.json): the host page opens'));
    println(color.dim('  the bundled demo add-on, served on a port of its own.\n'));
  }
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    println(color.yellow(`  Bound to ${host}: other machines can reach the add-on API (not the control API).\n`));
  }
}

function requestLine(entry: AuditEntry, c: Palette): string {
  const status =
    entry.status < 300 ? c.green(entry.status) : entry.status < 500 ? c.yellow(entry.status) : c.red(entry.status);
  const scope = entry.scope.required ? c.dim(` ${entry.scope.required} ${entry.scope.decision}`) : '';
  return `${c.dim(entry.time.slice(11, 19))} ${entry.method.padEnd(6)} ${entry.path} ${status} ${c.dim(`${entry.durationMs}ms`)}${scope}${faultMark(entry, c)}`;
}

/** `00:12:01 GET    /api/addon/v1/customers 401 token_expired (the session token has expired; ...)` */
function refusedLine({ at, method, path, status, code, reason }: Refusal, c: Palette): string {
  return `${c.dim(at.slice(11, 19))} ${method.padEnd(6)} ${path} ${c.yellow(status)} ${code} ${c.dim(`(${reason})`)}`;
}

/** `⚠ parity: a webhook subscription to an http: URL (...); the platform takes HTTPS URLs only (spec 2.3)` */
function parityLine({ message, strict }: ParityWarning, c: Palette): string {
  return `${c.yellow('⚠ parity:')} ${message} ${c.dim(`(--strict: ${strict})`)}`;
}
