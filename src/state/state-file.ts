import type { Doc } from '../store/store.js';
import type { Subscription } from '../installations/subscriptions.js';
import type { InstallationRecord } from '../installations/installations.js';
import { STATE_FORMAT, STATE_VERSION } from '../store/file-formats.js';

/**
 * A saved world, as one portable JSON file (`addon state export`, `--import`, named states): every
 * organization's records, numbering counters, subscriptions and add-on data, and the clock's offset.
 * Not in it: the signing keys (a token stays the emulator's own), the audit log and the delivery log
 * (what happened, not the world), fault rules and settings (the session's, not the data's).
 */
export interface StateFile {
  format: typeof STATE_FORMAT;
  /** Of the file's layout: a kit reads its own version and older ones, and refuses newer ones. */
  version: number;
  /** The emulated time it was saved at. */
  savedAt: string;
  clock: { offsetMs: number };
  organizations: Record<string, OrganizationState>;
}

export interface OrganizationState {
  /** Each resource's records as the API returns them, in the order it lists them. */
  records?: Record<string, Doc[]>;
  /** The last number given out per sequence: `{ "invoices": 12 }` makes the next invoice INV-000013. */
  sequences?: Record<string, number>;
  subscriptions?: Subscription[];
  /** Each add-on's own data in the organization, by app id. */
  apps?: Record<string, AppState>;
}

export interface AppState {
  /** An install, a change of its grant or access, or an uninstall since the configuration (docs/installations.md). */
  installation?: InstallationRecord;
  config?: { values: Record<string, unknown>; updatedAt: string | null };
  storage?: Array<{ key: string; value: unknown; createdAt: string; updatedAt: string }>;
}

export { STATE_FORMAT, STATE_VERSION };

/** What a loaded state holds, for the answer of a restore or an import. */
export interface StateSummary {
  savedAt: string;
  organizations: string[];
  /** Records per resource, over every organization. */
  records: Record<string, number>;
  clock: { offsetMs: number };
}

export function summaryOf(file: StateFile): StateSummary {
  const records: Record<string, number> = Object.create(null);
  for (const org of Object.values(file.organizations))
    for (const [name, docs] of Object.entries(org.records ?? {})) records[name] = (records[name] ?? 0) + docs.length;
  return { savedAt: file.savedAt, organizations: Object.keys(file.organizations), records, clock: file.clock };
}
