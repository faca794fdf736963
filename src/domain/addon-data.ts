import { isJsonObject } from '../json-bounds.js';
import type { Clock } from '../clock.js';
import { invalid, notFound } from '../errors.js';
import type { Doc, Page, Store } from '../store/store.js';
import type { ListWindow } from './collection-service.js';
import { mergePatch } from './merge-patch.js';

/**
 * The add-on's own data in an organization: its configuration (one JSON object) and a key-value
 * storage. Unlike business records, these belong to the app as well as the organization, so two
 * add-ons installed in one organization never see each other's.
 */
export interface AddonConfigService {
  get(orgId: string, appId: string): Doc;
  replace(orgId: string, appId: string, values: Record<string, unknown>): Promise<Doc>;
  patch(orgId: string, appId: string, patch: Record<string, unknown>): Promise<Doc>;
  /** Back to the empty configuration. */
  reset(orgId: string, appId: string): Promise<void>;
}

export interface AddonStorageService {
  list(orgId: string, appId: string, window: ListWindow): Page<Doc>;
  get(orgId: string, appId: string, key: string): Doc;
  /** Resolves with the entry and whether it was created. */
  set(orgId: string, appId: string, key: string, value: unknown): Promise<{ entry: Doc; created: boolean }>;
  remove(orgId: string, appId: string, key: string): Promise<void>;
}

/** The store's collections, one scope per organization and app (a saved state reads and writes them too). */
export const ADDON_CONFIG = 'addon_config';
export const ADDON_STORAGE = 'addon_storage';
export const addonScope = (orgId: string, appId: string): string => `${orgId}/${appId}`;
export const CONFIG_ID = 'config';
export const MAX_CONFIG_KEYS = 200;
/** What a storage key may be: it is a path segment of the API. */
export const STORAGE_KEY = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._:-]+$' } as const;

export function createAddonConfigService({ store, clock }: { store: Store; clock: Clock }): AddonConfigService {
  const current = (orgId: string, appId: string): Doc =>
    store.get(ADDON_CONFIG, addonScope(orgId, appId), CONFIG_ID) ?? {
      _id: CONFIG_ID,
      appId,
      values: {},
      updatedAt: null,
    };

  const save = async (orgId: string, appId: string, values: Record<string, unknown>) => {
    if (Object.keys(values).length > MAX_CONFIG_KEYS) {
      throw invalid([{ field: '', message: `the add-on config holds at most ${MAX_CONFIG_KEYS} keys` }]);
    }
    const doc: Doc = { _id: CONFIG_ID, appId, values, updatedAt: clock.nowIso() };
    await store.put(ADDON_CONFIG, addonScope(orgId, appId), doc);
    return doc;
  };

  return {
    get: current,
    replace: save,
    reset: async (orgId, appId) => {
      await store.delete(ADDON_CONFIG, addonScope(orgId, appId), CONFIG_ID);
    },
    patch: (orgId, appId, patch) =>
      // A patch object merged over an object is an object (RFC 7396).
      save(orgId, appId, asObject(mergePatch(current(orgId, appId).values, patch))),
  };
}

export function createAddonStorageService({ store, clock }: { store: Store; clock: Clock }): AddonStorageService {
  const get = (orgId: string, appId: string, key: string): Doc => {
    const entry = store.get(ADDON_STORAGE, addonScope(orgId, appId), key);
    if (!entry) throw notFound('storage key', key);
    return entry;
  };
  return {
    list: (orgId, appId, window) => store.list(ADDON_STORAGE, addonScope(orgId, appId), window),
    get,
    async set(orgId, appId, key, value) {
      const scope = addonScope(orgId, appId);
      const existing = store.get(ADDON_STORAGE, scope, key);
      const now = clock.nowIso();
      const entry: Doc = { _id: key, key, value, createdAt: existing?.createdAt ?? now, updatedAt: now };
      await store.put(ADDON_STORAGE, scope, entry);
      return { entry, created: !existing };
    },
    async remove(orgId, appId, key) {
      if (!(await store.delete(ADDON_STORAGE, addonScope(orgId, appId), key))) throw notFound('storage key', key);
    },
  };
}

const asObject = (value: unknown): Record<string, unknown> => (isJsonObject(value) ? value : {});
