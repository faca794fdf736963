import type { Domain } from '../domain/domain.js';
import { ApiError, notFound, withArticle } from '../common/errors.js';
import type { Doc } from '../store/store.js';
import type { EventDefinition } from '../domain/catalog.js';

/**
 * `addon trigger EVENT --record ID`: the record an event is fired for, as stored in the organization.
 * A record that is not the event's resource, or is another organization's, would fire an event no
 * change of the platform's could fire, so it is refused in words rather than sent.
 */
export function triggerRecord(domain: Domain, orgId: string, event: EventDefinition, recordId: string): Doc {
  const service = domain.collections.get(event.source)!;
  const other = [...domain.collections.values()].find(
    ({ definition }) => definition !== service.definition && recordId.startsWith(`${definition.idPrefix}_`),
  );
  if (other && !recordId.startsWith(`${service.definition.idPrefix}_`))
    throw new ApiError(
      400,
      'record_of_another_resource',
      `${recordId} is ${withArticle(other.definition.label)}, and ${event.name} is an event of ${event.source}; give the id of ${withArticle(service.definition.label)}`,
    );
  // A seeded world's ids are the same in every organization seeded: the organization's own first.
  if (service.has(orgId, recordId)) return service.get(orgId, recordId);
  const holder = service.holderOf(recordId);
  if (holder === undefined) throw notFound(service.definition.label, recordId, ` in organization ${orgId}`);
  throw new ApiError(
    404,
    'record_of_another_organization',
    `${service.definition.label} ${recordId} belongs to organization ${holder}, not ${orgId}; fire it there with --org ${holder}`,
  );
}
