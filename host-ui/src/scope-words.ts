// What a scope allows, in the words an admin reads on the install screen. Made from the scope's
// grammar (spec 5.2: `<resource>.read|write|delete|*`, or `*`), so a resource of the package user's
// own gets words too: `invoices.read` -> `see invoices, and receive their events`.

/** The add-on's own resources (docs/api.md), which are not the organization's books. */
const OWN = new Map([
  ['config', 'the add-on’s settings in this organization'],
  ['storage', 'the add-on’s own data in this organization'],
]);

const ACTIONS = new Map<string, (what: string, books: boolean) => string>([
  // Receiving a resource's webhook events needs its read scope (docs/webhooks.md).
  ['read', (what, books) => `see ${what}${books ? ', and receive their events' : ''}`],
  ['write', (what) => `create and change ${what}`],
  ['delete', (what) => `delete ${what}`],
  ['*', (what) => `see, create, change and delete ${what}`],
]);

/** What `scope` allows; the scope itself for one outside the grammar. */
export function scopeWords(scope: string): string {
  if (scope === '*') return 'everything: see, create, change and delete every record, and the add-on’s own data';
  const dot = scope.lastIndexOf('.');
  const words = dot > 0 ? ACTIONS.get(scope.slice(dot + 1)) : undefined;
  if (!words) return scope;
  const resource = scope.slice(0, dot);
  return words(OWN.get(resource) ?? resource, !OWN.has(resource));
}
