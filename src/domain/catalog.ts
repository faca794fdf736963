import type { Change, EventDefinition } from './event-family.js';
import { recordFamily } from './event-family.js';
import type { ResourceDefinition } from './resource.js';
import { ApiError } from '../common/errors.js';
import { API_PREFIX } from '../sdk/browser/addresses.js';

export type { Change, EventContext, EventData, EventDefinition } from './event-family.js';

/** The event catalog (spec 6), made from the resources' definitions: what each change fires. */
export interface Catalog {
  /** Every event, resource by resource, in the order `addon events` lists them. */
  readonly events: readonly EventDefinition[];
  find(name: string): EventDefinition | undefined;
  /** The catalog entry of `name`, or a 400 naming the problem. */
  known(name: string): EventDefinition;
  /** The events a change to a record fires, in order. */
  eventsOf(change: Change): EventDefinition[];
  /** The catalog as `GET /events/catalog` and `addon events --json` publish it. */
  published(): PublishedEvent[];
}

export interface PublishedEvent {
  name: string;
  description: string;
  scope: string;
  schema: Record<string, unknown>;
}

/** An add-on may receive an event only with the read scope of its resource (the data is that resource's). */
export const scopeToReceive = (event: EventDefinition): string => `${event.resource}.read`;

export function createCatalog(resources: readonly ResourceDefinition[]): Catalog {
  const families = resources.map(recordFamily);
  const events = families.flatMap((family) => family.events);
  const byName = new Map(events.map((event) => [event.name, event]));
  if (byName.size !== events.length) throw new Error('two resources define an event of the same name');
  const published = events.map((event) => ({
    name: event.name,
    description: event.description,
    scope: scopeToReceive(event),
    schema: event.schema,
  }));
  return {
    events,
    find: (name) => byName.get(name),
    known(name) {
      const event = byName.get(name);
      if (event) return event;
      throw new ApiError(
        400,
        'unknown_event',
        `${name} is not in the event catalog (GET ${API_PREFIX}/events/catalog)`,
      );
    },
    eventsOf: (change) =>
      families
        .filter((family) => family.collection === change.collection)
        .flatMap((family) => family.fired(change))
        .map((name) => byName.get(name)!),
    published: () => published,
  };
}
