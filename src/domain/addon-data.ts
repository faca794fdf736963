import { isJsonObject } from '../common/json/json-bounds.js';
import type { Clock } from '../common/clock.js';
import { invalid, notFound } from '../common/errors.js';
import type { Doc, Page, Store } from '../store/store.js';
import type { ListWindow } from './collection-service.js';
import { mergePatch } from './merge-patch.js';
import { wordedPattern } from '../common/text/pattern-words.js';

/**
 * The add-on's own data in an organization: its configuration (one JSON object) and a key-value
 * storage. Unlike business records, these belong to the app as well as the organization, so two
 * add-ons installed in one organization never see each other's.
 */
/** Whose data: an add-on (by app id) in an organization, as a session's claims name them. */
export interface AddonOwner {
  orgId: string;
  appId: string;
}

export interface AddonConfigService {
  get(owner: AddonOwner): Doc;
  replace(owner: AddonOwner, values: Record<string, unknown>): Promise<Doc>;
  patch(owner: AddonOwner, patch: Record<string, unknown>): Promise<Doc>;
  /** Back to the empty configuration. */
  reset(owner: AddonOwner): Promise<void>;
}

export interface AddonStorageService {
  list(owner: AddonOwner, window: ListWindow): Page<Doc>;
  get(owner: AddonOwner, key: string): Doc;
  /** Resolves with the entry and whether it was created. */
  set(owner: AddonOwner, key: string, value: unknown): Promise<{ entry: Doc; created: boolean }>;
  remove(owner: AddonOwner, key: string): Promise<void>;
}

/** The store's collections, one scope per organization and app (a saved state reads and writes them too). */
export const ADDON_CONFIG = 'addon_config';
export const ADDON_STORAGE = 'addon_storage';
export const addonScope = ({ orgId, appId }: AddonOwner): string => `${orgId}/${appId}`;
export const CONFIG_ID = 'config';
export const MAX_CONFIG_KEYS = 200;
/** What a storage key may be: it is a path segment of the API. */
export const STORAGE_KEY = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: wordedPattern('^[A-Za-z0-9._:-]+$', 'letters, digits and . _ : -'),
} as const;

export function createAddonConfigService({ store, clock }: { store: Store; clock: Clock }): AddonConfigService {
  const current = (owner: AddonOwner): Doc =>
    store.get(ADDON_CONFIG, addonScope(owner), CONFIG_ID) ?? {
      _id: CONFIG_ID,
      appId: owner.appId,
      values: {},
      updatedAt: null,
    };

  const save = async (owner: AddonOwner, values: Record<string, unknown>) => {
    if (Object.keys(values).length > MAX_CONFIG_KEYS) {
      throw invalid([{ field: '', message: `the add-on config holds at most ${MAX_CONFIG_KEYS} keys` }]);
    }
    const doc: Doc = { _id: CONFIG_ID, appId: owner.appId, values, updatedAt: clock.nowIso() };
    await store.put(ADDON_CONFIG, addonScope(owner), doc);
    return doc;
  };

  return {
    get: current,
    replace: save,
    reset: async (owner) => {
      await store.delete(ADDON_CONFIG, addonScope(owner), CONFIG_ID);
    },
    patch: (owner, patch) =>
      // A patch object merged over an object is an object (RFC 7396).
      save(owner, asObject(mergePatch(current(owner).values, patch))),
  };
}

export function createAddonStorageService({ store, clock }: { store: Store; clock: Clock }): AddonStorageService {
  const get = (owner: AddonOwner, key: string): Doc => {
    const entry = store.get(ADDON_STORAGE, addonScope(owner), key);
    if (!entry) throw notFound('storage key', key);
    return entry;
  };
  return {
    list: (owner, window) => store.list(ADDON_STORAGE, addonScope(owner), window),
    get,
    async set(owner, key, value) {
      const scope = addonScope(owner);
      const existing = store.get(ADDON_STORAGE, scope, key);
      const now = clock.nowIso();
      const entry: Doc = { _id: key, key, value, createdAt: existing?.createdAt ?? now, updatedAt: now };
      await store.put(ADDON_STORAGE, scope, entry);
      return { entry, created: !existing };
    },
    async remove(owner, key) {
      if (!(await store.delete(ADDON_STORAGE, addonScope(owner), key))) throw notFound('storage key', key);
    },
  };
}

const asObject = (value: unknown): Record<string, unknown> => (isJsonObject(value) ? value : {});
