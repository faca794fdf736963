import { ADDON_CONFIG, ADDON_STORAGE } from '../domain/addon-data.js';
import { listNewestFirst } from '../domain/collection-service.js';
import { seedOrganization } from '../domain/seed.js';
import type { Emulator } from './emulator.js';
import type { Config } from './config-part.js';
import type { DomainPart } from './domain-part.js';
import type { WorldPart } from './world-part.js';

export interface RecordControlInput {
  config: Pick<Config, 'settings'>;
  domainPart: Pick<DomainPart, 'domain' | 'quietDomain'>;
  worldPart: Pick<WorldPart, 'afterGate'>;
}

export type RecordControl = Pick<Emulator, 'records' | 'record' | 'seed'>;

/** The records as the host page shows them, and samples to fill an organization with. */
export function recordControl({ config, domainPart, worldPart }: RecordControlInput): RecordControl {
  const { settings } = config;
  const { domain, quietDomain } = domainPart;
  return {
    records: (collection, { orgId = settings.orgId, limit, offset, order = 'oldest' }) => {
      // The add-on's own data in the organization, beside its books (the Data tab lists both).
      const owner = { orgId, appId: settings.appId };
      if (collection === ADDON_STORAGE) return domain.storage.list(owner, { limit, offset });
      if (collection === ADDON_CONFIG)
        return { data: [domain.config.get(owner)].slice(offset, offset + limit), total: 1 };
      return order === 'newest'
        ? listNewestFirst(domain.collection(collection), orgId, { limit, offset })
        : domain.collection(collection).list(orgId, { limit, offset });
    },
    record: (collection, id, { orgId = settings.orgId } = {}) => domain.collection(collection).get(orgId, id),
    // Seeding does not flood the subscribers: the samples are made through the domain that fires no events.
    seed: worldPart.afterGate(({ orgId = settings.orgId, size }: { orgId?: string; size?: number } = {}) =>
      seedOrganization(quietDomain, orgId, size),
    ),
  };
}
