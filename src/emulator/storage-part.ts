import { join } from 'node:path';
import { openAuditLog, type AuditLog } from '../audit/audit-log.js';
import { loadOrCreateKeys, type SigningKeys } from '../auth/keys.js';
import type { Clock } from '../common/clock.js';
import { openPersistedClock, type PersistedClock } from '../state/persisted-clock.js';
import { openDocumentStore } from '../store/document-store.js';
import { filePersistence } from '../store/file-persistence.js';
import { memoryPersistence } from '../store/memory-persistence.js';
import type { Store } from '../store/store.js';
import type { Config } from './config-part.js';

/** What the emulator keeps, in the data dir or in memory. */
export interface Storage {
  readonly store: Store;
  readonly audit: AuditLog;
  readonly keys: SigningKeys;
  /** The emulated clock with its offset, saved in the store. */
  readonly time: PersistedClock;
  /** `time.clock`, which every part reads. */
  readonly clock: Clock;
}

export interface StorageInput {
  config: Pick<Config, 'dataDir' | 'logger'>;
  /** A clock given in the options, instead of real time plus the saved offset. */
  clock?: Clock;
}

/** What the start has opened, closed again (last first) if a later part fails. */
export type Opened = Array<{ close(): Promise<void> }>;

/** Each is added to `opened` as soon as it is open, so a failure of the next one closes it. */
export async function openStorage({ config, clock }: StorageInput, opened: Opened): Promise<Storage> {
  const { dataDir, logger } = config;
  const store = await openDocumentStore(dataDir ? filePersistence(dataDir, { logger }) : memoryPersistence());
  opened.push(store);
  const audit = await openAuditLog(dataDir ? join(dataDir, 'audit.log') : undefined, logger);
  opened.push(audit);
  const keys = await loadOrCreateKeys(dataDir ?? undefined);
  const time = openPersistedClock(store, dataDir, clock);
  return { store, audit, keys, time, clock: time.clock };
}
