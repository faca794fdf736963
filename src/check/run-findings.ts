import type { Emulator } from '../emulator/create-emulator.js';
import { onThisMachine } from '../webhooks/local-receiver.js';
import type { CheckResult } from './check-result.js';
import { fail, pass, resultOf, skip, warn } from './verdict.js';
import type { Receiver } from './webhook-checks.js';

/**
 * What the run as a whole showed (docs/check.md#scopes, #parity): read last, after every other
 * check made the add-on call the API. `subscribed`: the receivers the run subscribed.
 */
export function runFindings(emulator: Emulator, subscribed: readonly Receiver[]): CheckResult[] {
  const report = emulator.scopeReport();
  const refusals = report.scopes.filter((use) => use.refused > 0);
  const unused = report.scopes.filter((use) => use.declared && use.used === 0);
  const calls = `${report.calls} API calls by ${report.appId} during the run`;
  const warnings = emulator.parity.list();
  return [
    resultOf(
      'scopes.refused',
      refusals.length
        ? fail(calls, ...refusals.map((use) => `${use.refused} call(s) refused 403 for want of ${use.scope}`))
        : pass(calls, 'none refused for a missing scope'),
    ),
    resultOf(
      'scopes.unused',
      report.calls === 0
        ? skip('the add-on made no API call during the run, so no scope could be seen in use')
        : unused.length
          ? warn(
              calls,
              `declared but never used: ${unused.map((use) => use.scope).join(', ')}`,
              `the smallest "scopes" that served every call: ${JSON.stringify(report.needed)}`,
            )
          : pass(calls, `every declared scope was used: ${report.declared.join(', ')}`),
    ),
    resultOf(
      'parity.warnings',
      warnings.length
        ? warn(...warnings.map((w) => `${w.kind}: ${w.message} (platform: ${w.platform})`), ...localNotes(subscribed))
        : pass('no parity warning', ...localNotes(subscribed)),
    ),
  ];
}

/**
 * A receiver on this machine over http: raises no parity warning (the run's emulator takes it for a
 * local receiver): said here, so the HTTPS the platform wants is not forgotten for production.
 */
function localNotes(subscribed: readonly Receiver[]): string[] {
  const local = subscribed
    .map(({ url }) => new URL(url))
    .filter((url) => url.protocol === 'http:' && onThisMachine(url));
  return [...new Set(local.map((url) => url.href))].map(
    (href) =>
      `${href} is a receiver on this machine, on http: as a local one is; the platform takes HTTPS URLs only (spec 2.3): subscribe an https: URL in production`,
  );
}
