// The install screen's scope boxes, as a tree: a declared scope with the parts it stands for beneath
// it (`*` -> each resource's wildcard -> its actions). Any grant the emulator holds within the declared
// scopes (one set with `addon install --grant`, say) then shows as boxes and is saved back as it was,
// and an admin can grant any part of what is declared.
import { SCOPE_ACTIONS, includes } from '../../src/auth/scopes.js';
import { checkbox } from './dom';

export interface ScopeNode {
  scope: string;
  box: HTMLInputElement;
  parts: ScopeNode[];
}

/** What `scope` stands for, one level down: `*` -> `<resource>.*` of each resource; `<resource>.*` -> its actions. */
function partsOf(scope: string, resources: readonly string[]): string[] {
  if (scope === '*') return resources.map((resource) => `${resource}.*`);
  if (!scope.endsWith('.*')) return [];
  const resource = scope.slice(0, -2);
  return SCOPE_ACTIONS.map((action) => `${resource}.${action}`);
}

/**
 * The boxes of one declared scope and its parts, checked where `granted` includes them; a box whose
 * parts are all checked is checked, one with only some is shown as partly granted.
 */
export function scopeTree(
  scope: string,
  options: { resources: readonly string[]; granted: readonly string[]; id: string },
): ScopeNode {
  const root = grow(scope, options.id, 'grant-option', options);
  settle(root);
  // After a box's own change (grow's listener, added first), the boxes above it follow.
  const watch = (node: ScopeNode) => {
    node.box.addEventListener('change', () => settle(root));
    node.parts.forEach(watch);
  };
  watch(root);
  return root;
}

function grow(
  scope: string,
  id: string,
  testid: string,
  options: { resources: readonly string[]; granted: readonly string[] },
): ScopeNode {
  const box = checkbox(testid, scope, includes(options.granted, scope), id);
  const parts = partsOf(scope, options.resources).map((part, i) => grow(part, `${id}-${i}`, 'grant-part', options));
  const node = { scope, box, parts };
  // Checking a scope checks all it stands for.
  box.addEventListener('change', () => setAll(node, box.checked));
  return node;
}

function setAll(node: ScopeNode, checked: boolean): void {
  node.box.checked = checked;
  node.box.indeterminate = false;
  for (const part of node.parts) setAll(part, checked);
}

/** From the leaves up: a box is checked when all its parts are, and partly granted when some are. */
function settle(node: ScopeNode): { all: boolean; some: boolean } {
  if (!node.parts.length) return { all: node.box.checked, some: node.box.checked };
  const below = node.parts.map(settle);
  node.box.checked = below.every(({ all }) => all);
  node.box.indeterminate = !node.box.checked && below.some(({ some }) => some);
  return { all: node.box.checked, some: node.box.checked || node.box.indeterminate };
}

/** The grant the boxes say: a scope whole where its box is checked, else the parts of it that are. */
export function chosen(node: ScopeNode): string[] {
  return node.box.checked ? [node.scope] : node.parts.flatMap(chosen);
}
