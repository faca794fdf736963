import type { Doc } from '../store/store.js';
import type { CollectionService } from './collection-service.js';
import type { Domain } from './domain.js';
import { pathTo } from './lifecycle.js';
import { nth, sampleRefByName } from './resource.js';
import { sampleId } from './sample-examples.js';

/** How many customers a seed makes unless told (`--size`); the other resources scale with it. */
export const DEFAULT_SEED_SIZE = 12;

export interface SeedSummary {
  orgId: string;
  /** Records made, by collection. */
  created: Record<string, number>;
}

/**
 * Fills an organization with every resource's samples, made through the same rules as API writes
 * (so numbers, totals and statuses are consistent) and moved along their lifecycles to the statuses
 * the samples name. A resource whose samples refer to another's is seeded after it. The same world
 * for a given `size`, ids included: each record takes the first sample id free in the organization
 * (`cus_0000000000000001`, ...), so an empty organization's seeded records have the ids the OpenAPI
 * document's examples name, every time, and a second seed numbers on.
 */
export async function seedOrganization(domain: Domain, orgId: string, size = DEFAULT_SEED_SIZE): Promise<SeedSummary> {
  // Keyed by collection names, a resource of the add-on's own among them: no prototype to meet.
  const created: Record<string, number> = Object.create(null);
  const seeded = new Map<string, { done: boolean; docs: Promise<Doc[]> }>();

  const seedAll = (name: string): Promise<Doc[]> => {
    const entry = seeded.get(name);
    if (entry && !entry.done) throw new Error(`the samples of ${name} refer to each other in a circle`);
    if (entry) return entry.docs;
    const state = { done: false, docs: Promise.resolve<Doc[]>([]) };
    seeded.set(name, state);
    state.docs = seedCollection(domain.collections.get(name)!).finally(() => (state.done = true));
    return state.docs;
  };

  const ref = sampleRefByName(async (collection, j) => nth(await seedAll(collection), j));

  const seedCollection = async (service: CollectionService): Promise<Doc[]> => {
    const { name, samples, lifecycle } = service.definition;
    const docs: Doc[] = [];
    let next = 0;
    const freeId = () => {
      while (service.has(orgId, sampleId(service.definition, next))) next++;
      return sampleId(service.definition, next++);
    };
    for (let i = 0; i < samples.count(size); i++) {
      let doc = await service.create(orgId, await samples.input(i, ref), { id: freeId() });
      const target = samples.status?.(i);
      if (lifecycle && target) {
        for (const status of pathTo(lifecycle, String(doc.status), target))
          doc = await service.update(orgId, doc._id, { status });
      }
      docs.push(doc);
    }
    created[name] = docs.length;
    return docs;
  };

  for (const name of domain.collections.keys()) if (!seeded.has(name)) await seedAll(name);
  return { orgId, created };
}
