import type { Change, EventDefinition, EventFamily } from './event.js';
import { invoiceEvents } from './invoices.js';
import { productEvents } from './products.js';
import { customerEvents, expenseEvents, storeOrderEvents, ticketEvents } from './records.js';

export type { Change, EventDefinition, EventData, EventContext } from './event.js';

const FAMILIES: EventFamily[] = [
  invoiceEvents,
  customerEvents,
  productEvents,
  expenseEvents,
  ticketEvents,
  storeOrderEvents,
];

/** The 35 events of the platform (spec 6), in the order `addon events` lists them. */
export const CATALOG: readonly EventDefinition[] = FAMILIES.flatMap((family) => family.events);

const BY_NAME = new Map(CATALOG.map((event) => [event.name, event]));

export const findEvent = (name: string): EventDefinition | undefined => BY_NAME.get(name);

/** The events a change to a record fires, in order. */
export const eventsOf = (change: Change): EventDefinition[] =>
  FAMILIES.filter((family) => family.collection === change.collection)
    .flatMap((family) => family.fired(change))
    .map((name) => BY_NAME.get(name)!);

/** An add-on may receive an event only with the read scope of its resource (the data is that resource's). */
export const scopeToReceive = (event: EventDefinition): string => `${event.resource}.read`;

/** The catalog as `GET /events/catalog` and `addon events --json` publish it. */
export const publishedCatalog = () =>
  CATALOG.map((event) => ({
    name: event.name,
    description: event.description,
    scope: scopeToReceive(event),
    schema: event.schema,
  }));
