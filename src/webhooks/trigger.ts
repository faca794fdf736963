import type { Domain } from '../domain/domain.js';
import { sampleRecord } from '../domain/samples.js';
import type { Catalog, EventData } from '../domain/catalog.js';
import type { Delivery } from './delivery-log.js';
import { triggerRecord } from './trigger-record.js';
import type { Webhooks } from './webhooks.js';

export interface TriggerResult {
  event: string;
  orgId: string;
  data: EventData;
  deliveries: Delivery[];
}

/** Fires a catalog event to the organization's subscribers, with `data` merged over realistic data. */
export type Trigger = (event: string, options: TriggerOptions & { orgId: string }) => Promise<TriggerResult>;

/**
 * Where and with what an event is fired: `data` merged over realistic data, in `orgId` (the
 * configured one by default); the data is that of the record `recordId` as stored, when it is given.
 */
export interface TriggerOptions {
  data?: EventData;
  orgId?: string;
  recordId?: string;
}

/**
 * `addon trigger`: the event's data is built from the record it names, or else from the
 * organization's newest record of its resource, or from a sample made for the purpose. `quietDomain`
 * fires no events of its own, so a trigger sends exactly its event.
 */

export function createTrigger(quietDomain: Domain, webhooks: Webhooks, catalog: Catalog): Trigger {
  return async (event, { data: override, orgId, recordId }) => {
    const definition = catalog.known(event);
    const record =
      recordId === undefined
        ? await sampleRecord(quietDomain, orgId, definition.source)
        : triggerRecord(quietDomain, orgId, definition, recordId);
    const data = webhooks.dataOf(definition, record, { before: record, override });
    return { event, orgId, data, deliveries: await webhooks.fire(orgId, definition, data) };
  };
}
