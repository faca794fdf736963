/**
 * Scopes are `<resource>.<action>`, `<resource>.*` or `*` (spec 5.2). The spec leaves the complete list
 * open; here the resources are the emulated API's (the registry's business resources, then the
 * add-on's own config and storage: docs/api.md).
 */
export const ADDON_DATA_SCOPES = ['config', 'storage'] as const;
export const SCOPE_ACTIONS = ['read', 'write', 'delete'] as const;

export type ScopeAction = (typeof SCOPE_ACTIONS)[number];

/** The scopes of one emulated API: which exist, and how to read a list of them. */
export interface ScopeList {
  /** Every resource a scope may name. */
  readonly resources: readonly string[];
  /** Every concrete scope, for documentation and the OpenAPI document. */
  readonly all: readonly string[];
  /** What a scope is, as a regular expression's source: what a JSON Schema of scopes says. */
  readonly pattern: string;
  isScope(scope: string): boolean;
  /** Parses a list given as `a,b c` (commas and/or spaces) and checks each entry. */
  parse(input: string | readonly string[]): { scopes: string[]; unknown: string[] };
}

export function scopeList(businessResources: readonly string[]): ScopeList {
  const resources = [...businessResources, ...ADDON_DATA_SCOPES];
  const escaped = resources.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`^(\\*|(${escaped.join('|')})\\.(${SCOPE_ACTIONS.join('|')}|\\*))$`);
  const isScope = (scope: string) => pattern.test(scope);
  return {
    resources,
    all: resources.flatMap((r) => SCOPE_ACTIONS.map((a) => `${r}.${a}`)),
    pattern: pattern.source,
    isScope,
    parse(input) {
      const list = typeof input === 'string' ? input.split(/[\s,]+/) : [...input];
      const scopes = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
      return { scopes, unknown: scopes.filter((s) => !isScope(s)) };
    },
  };
}

/**
 * Whether the scopes of `outer` include `scope` whole: a concrete or resource-wildcard scope as
 * `covers` says, and `*` only under `*` (`invoices.*` does not include every resource).
 */
export const includes = (outer: readonly string[], scope: string): boolean =>
  covers(outer, scope === '*' ? '*.*' : scope);

/** Whether `granted` (which may hold wildcards) covers the concrete or wildcard scope `required`. */
export function covers(granted: readonly string[], required: string): boolean {
  const resource = required.slice(0, required.lastIndexOf('.'));
  return granted.some((g) => g === '*' || g === required || g === `${resource}.*`);
}
