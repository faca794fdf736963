import type { Doc } from '../store/store.js';
import type { Domain } from './domain.js';
import { sampleRefByName } from './resource.js';

/**
 * The organization's newest record of a collection, or, for `addon trigger` in an organization that
 * has none, its definition's first sample (with the records it refers to), made through the same
 * rules as an API write.
 */
export async function sampleRecord(domain: Domain, orgId: string, collection: string): Promise<Doc> {
  const service = domain.collections.get(collection)!;
  const { total } = service.list(orgId, { limit: 0, offset: 0 });
  if (total > 0) return service.list(orgId, { limit: 1, offset: total - 1 }).data[0];
  const ref = sampleRefByName((name) => sampleRecord(domain, orgId, name));
  const input = await service.definition.samples.input(0, ref);
  return service.create(orgId, input);
}
