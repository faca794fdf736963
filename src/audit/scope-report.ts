import { covers, SCOPE_ACTIONS, type ScopeList } from '../auth/scopes.js';
import type { AuditEntry } from './audit-log.js';

/** One scope: whether the add-on declares it and was granted it, and what its calls did with it. */
export interface ScopeUse {
  scope: string;
  declared: boolean;
  granted: boolean;
  /** Calls that needed it and succeeded (status below 400). */
  used: number;
  /** Calls refused for the want of it (403). */
  refused: number;
}

/** `addon scopes`: least privilege, from the audited calls of the add-on since the emulator started. */
export interface ScopeReport {
  appId: string;
  declared: string[];
  granted: string[];
  /** Every scope declared, granted, used or refused, in the order of the scope list. */
  scopes: ScopeUse[];
  /** The smallest `scopes` for addon.config.json that covers every call that succeeded. */
  needed: string[];
  /** Scopes calls were refused for: add them too if the add-on needs those calls. */
  refused: string[];
  /** How many audited calls of the add-on since the emulator started. */
  calls: number;
}

/** The calls of one emulator's session, counted per app and scope as they are audited. */
export interface ScopeUsage {
  record(entry: AuditEntry): void;
  report(
    app: { appId: string; scopes: readonly string[]; grantedScopes: readonly string[] },
    list: ScopeList,
  ): ScopeReport;
}

/**
 * Counts every audited call as it happens, so the report covers the whole session, not only the
 * newest calls the in-memory audit log keeps.
 */
export function createScopeUsage(): ScopeUsage {
  const byApp = new Map<string, { calls: number; counts: Map<string, { used: number; refused: number }> }>();
  return {
    record({ appId, scope, status }) {
      let app = byApp.get(appId);
      if (!app) byApp.set(appId, (app = { calls: 0, counts: new Map() }));
      app.calls++;
      if (!scope.required) return;
      const count = app.counts.get(scope.required) ?? { used: 0, refused: 0 };
      if (scope.decision === 'denied') count.refused++;
      else if (status < 400) count.used++;
      app.counts.set(scope.required, count);
    },
    report(app, list) {
      const { calls = 0, counts = new Map() } = byApp.get(app.appId) ?? {};
      return scopeReport(counts, calls, app, list);
    },
  };
}

/**
 * Per scope, declared, granted, used and refused; and the smallest list that covers what was used (a
 * resource's `.*` only where all its actions were used: the same privilege in one entry).
 */
function scopeReport(
  counts: ReadonlyMap<string, { used: number; refused: number }>,
  calls: number,
  app: { appId: string; scopes: readonly string[]; grantedScopes: readonly string[] },
  list: ScopeList,
): ScopeReport {
  const scopes = list.all
    .map((scope) => ({
      scope,
      declared: covers(app.scopes, scope),
      granted: covers(app.grantedScopes, scope),
      used: counts.get(scope)?.used ?? 0,
      refused: counts.get(scope)?.refused ?? 0,
    }))
    .filter((row) => row.declared || row.granted || row.used || row.refused);
  const used = new Set(scopes.filter((row) => row.used).map((row) => row.scope));
  const needed = list.resources.flatMap((resource) => {
    const actions = SCOPE_ACTIONS.map((action) => `${resource}.${action}`).filter((scope) => used.has(scope));
    return actions.length === SCOPE_ACTIONS.length ? [`${resource}.*`] : actions;
  });
  return {
    appId: app.appId,
    declared: [...app.scopes],
    granted: [...app.grantedScopes],
    scopes,
    needed,
    refused: scopes.filter((row) => row.refused).map((row) => row.scope),
    calls,
  };
}
