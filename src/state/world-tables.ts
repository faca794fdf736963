import { SEQUENCES } from '../domain/collection-service.js';
import { ADDON_CONFIG, ADDON_STORAGE, CONFIG_ID, addonScope } from '../domain/addon-data.js';
import { CLOCK_COLLECTION, offsetIn, putOffset } from './persisted-clock.js';
import { INSTALLATION_ID, INSTALLATIONS, type InstallationRecord } from '../installations/installations.js';
import type { Doc, Tables } from '../store/store.js';
import { SUBSCRIPTIONS, subscriptionKey, type Subscription } from '../installations/subscriptions.js';
import { STATE_FORMAT, STATE_VERSION, type AppState, type OrganizationState, type StateFile } from './state-file.js';

/**
 * The world as a state file and back: which of the store's collections are the world (the rest,
 * the delivery log and the inbox, is history and stays as it is), and how each maps to the file.
 *
 * The file's objects keyed by ids are prototype-less (`dict()`): an organization may be called
 * `constructor` or `toString`, and must be a key like any other, not a property every object has.
 */
export function worldOf(tables: Tables, resources: readonly string[], savedAt: string): StateFile {
  const organizations = dict<OrganizationState>();
  const org = (orgId: string) => (organizations[orgId] ??= {});
  const each = (collection: string, visit: (scope: string, docs: Doc[]) => void) => {
    for (const [scope, docs] of tables.get(collection) ?? []) if (docs.size) visit(scope, [...docs.values()]);
  };
  for (const name of resources) each(name, (orgId, docs) => ((org(orgId).records ??= dict())[name] = docs));
  each(SEQUENCES, (orgId, docs) => {
    org(orgId).sequences = Object.fromEntries(docs.map((doc) => [doc._id, doc.value as number]));
  });
  each(SUBSCRIPTIONS, (orgId, docs) => {
    org(orgId).subscriptions = docs.map(({ _id, ...subscription }) => subscription as unknown as Subscription);
  });
  const app = (scope: string): AppState => {
    const [orgId, appId] = splitAddonScope(scope);
    return ((org(orgId).apps ??= dict())[appId] ??= {});
  };
  each(ADDON_CONFIG, (scope, [config]) => {
    app(scope).config = { values: config.values as Record<string, unknown>, updatedAt: config.updatedAt as string };
  });
  each(ADDON_STORAGE, (scope, docs) => {
    app(scope).storage = docs.map(({ _id, ...entry }) => entry as Required<AppState>['storage'][number]);
  });
  each(INSTALLATIONS, (scope, [{ _id, ...record }]) => {
    app(scope).installation = record as unknown as InstallationRecord;
  });
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    savedAt,
    clock: { offsetMs: offsetIn(tables) },
    organizations,
  };
}

/** The world of a (checked) state file over `history`: the tables a restore puts in the store. */
export function tablesOf(file: StateFile, history: Tables): Tables {
  const tables: Tables = new Map(history);
  const put = (collection: string, scope: string, doc: Doc) => {
    let byScope = tables.get(collection);
    if (!byScope) tables.set(collection, (byScope = new Map()));
    let docs = byScope.get(scope);
    if (!docs) byScope.set(scope, (docs = new Map()));
    docs.set(doc._id, doc);
  };
  for (const [orgId, org] of Object.entries(file.organizations)) {
    for (const [name, docs] of Object.entries(org.records ?? {})) for (const doc of docs) put(name, orgId, doc);
    for (const [name, value] of Object.entries(org.sequences ?? {})) put(SEQUENCES, orgId, { _id: name, value });
    for (const subscription of org.subscriptions ?? [])
      put(SUBSCRIPTIONS, orgId, { _id: subscriptionKey(subscription.appId, subscription.event), ...subscription });
    for (const [appId, { config, storage = [], installation }] of Object.entries(org.apps ?? {})) {
      const scope = addonScope({ orgId, appId });
      if (config) put(ADDON_CONFIG, scope, { _id: CONFIG_ID, appId, ...config });
      if (installation) put(INSTALLATIONS, scope, { _id: INSTALLATION_ID, ...installation });
      for (const entry of storage) put(ADDON_STORAGE, scope, { _id: entry.key, ...entry });
    }
  }
  putOffset(tables, file.clock.offsetMs);
  return tables;
}

/** The collections a state holds: everything else in the store is history. */
const worldCollections = (resources: readonly string[]) =>
  new Set([...resources, SEQUENCES, SUBSCRIPTIONS, ADDON_CONFIG, ADDON_STORAGE, INSTALLATIONS, CLOCK_COLLECTION]);

/** What happened (the delivery log, the inbox): the store's tables that are not the world. */
export function historyOf(tables: Tables, resources: readonly string[]): Tables {
  const world = worldCollections(resources);
  return new Map([...tables].filter(([collection]) => !world.has(collection)));
}

/** The world's tables of `tables` over the history of `history`. */
export function worldOver(tables: Tables, history: Tables, resources: readonly string[]): Tables {
  const world = worldCollections(resources);
  return new Map([...historyOf(history, resources), ...[...tables].filter(([collection]) => world.has(collection))]);
}

/** An object to key by ids and names: no prototype, so no key is taken already. */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** `org_demo/com.example.app` -> its organization and app (an organization id has no slash). */
const splitAddonScope = (scope: string): [string, string] => {
  const slash = scope.indexOf('/');
  return [scope.slice(0, slash), scope.slice(slash + 1)];
};
