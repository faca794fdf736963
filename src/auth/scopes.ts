/**
 * Scopes are `<resource>.<action>`, `<resource>.*` or `*` (spec 5.2). The spec leaves the complete list
 * open; these are the resources the emulated API serves (docs/api.md).
 */
export const SCOPE_RESOURCES = [
  'customers',
  'invoices',
  'products',
  'expenses',
  'tickets',
  'orders',
  'config',
  'storage',
] as const;
export const SCOPE_ACTIONS = ['read', 'write', 'delete'] as const;

export type ScopeResource = (typeof SCOPE_RESOURCES)[number];
export type ScopeAction = (typeof SCOPE_ACTIONS)[number];

const SCOPE = new RegExp(`^(\\*|(${SCOPE_RESOURCES.join('|')})\\.(${SCOPE_ACTIONS.join('|')}|\\*))$`);

export const isScope = (scope: string): boolean => SCOPE.test(scope);

/** Every concrete scope, for documentation and the OpenAPI document. */
export const ALL_SCOPES: string[] = SCOPE_RESOURCES.flatMap((r) => SCOPE_ACTIONS.map((a) => `${r}.${a}`));

/** Whether `granted` (which may hold wildcards) covers the concrete or wildcard scope `required`. */
export function covers(granted: readonly string[], required: string): boolean {
  const resource = required.slice(0, required.lastIndexOf('.'));
  return granted.some((g) => g === '*' || g === required || g === `${resource}.*`);
}

/** Parses a list given as `a,b c` (commas and/or spaces) and checks each entry. */
export function parseScopes(input: string | readonly string[]): { scopes: string[]; unknown: string[] } {
  const list = typeof input === 'string' ? input.split(/[\s,]+/) : [...input];
  const scopes = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  return { scopes, unknown: scopes.filter((s) => !isScope(s)) };
}
