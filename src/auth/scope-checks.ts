import { UserError } from '../common/errors.js';
import { includes, type ScopeList } from './scopes.js';

/** A list of scopes as given, each one that exists in `list`; a UserError names those that do not. */
export function checkScopes(input: string | readonly string[], what: string, list: ScopeList): string[] {
  const { scopes, unknown } = list.parse(input);
  if (unknown.length) {
    throw new UserError(`unknown ${what} scope ${unknown.join(', ')}: use <resource>.read|write|delete|*, or *`);
  }
  return scopes;
}

/** Spec 5.2 rule 1: the admin grants a subset of what the add-on declared. */
export function checkGranted(declared: readonly string[], granted: readonly string[]): void {
  const undeclared = granted.filter((scope) => !includes(declared, scope));
  if (undeclared.length) {
    throw new UserError(`scope ${undeclared.join(', ')} is not among the declared scopes (${declared.join(' ')})`);
  }
}
