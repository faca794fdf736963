// The records of the add-on REST API (docs/api.md) and the bridge's context (docs/host-page.md), as
// TypeScript types. Types only: nothing here exists at run time.
import type { components } from './generated/api-types.js';
import type {
  Customer,
  Expense,
  Invoice,
  InvoiceCreate,
  StoreOrder,
  StoreOrderCreate,
  Ticket,
} from './generated/resources.js';

/** `service:context`: what the host answers to `service:ready` (spec 2.2). */
export interface ServiceContext {
  orgId: string;
  userId: string;
  /** The session token (a JWT): send it as `Authorization: Bearer <token>`. Never show or store it. */
  token: string;
  scopes: string[];
}

/** The levels of a `service:notify` toast. */
export type NotifyLevel = 'success' | 'warning' | 'error' | 'info';

/** A page of a list: `total` counts every record of the kind, not the ones returned. */
export interface Page<T> {
  data: T[];
  total: number;
}

/** `limit` 1–100 (default 20), `offset` ≥ 0 (default 0). */
export interface ListOptions {
  limit?: number;
  offset?: number;
}

type Schemas = components['schemas'];

/** Fields on every business record. */
export type RecordBase = Pick<Customer, '_id' | 'createdAt' | 'updatedAt'>;

/** A `YYYY-MM-DD` date. */
export type DateString = string;

export type Address = NonNullable<Customer['address']>;

// The records and the bodies that create and change them (`Customer`, `CustomerCreate`,
// `CustomerPatch`, ...) are the OpenAPI document's, generated from the resources' schemas
// (generated/resources.ts), so they cannot drift from what the emulator serves. In a PATCH body,
// `null` clears the optional fields that may hold it. Here, names for parts of them.

export type InvoiceStatus = Invoice['status'];
/** A line as stored: `amount` (`quantity × unitPrice`, to the cent) is computed, `productId` null when none. */
export type LineItem = Invoice['lineItems'][number];
/** A line as sent: `amount` is computed, `productId` is left out rather than `null`. */
export type LineItemInput = InvoiceCreate['lineItems'][number];

export type ExpenseStatus = Expense['status'];

export type TicketStatus = Ticket['status'];
export type TicketPriority = Ticket['priority'];

export type StoreOrderStatus = StoreOrder['status'];
/** An order item: like an invoice line item, with an integer `quantity`. */
export type OrderItem = StoreOrder['items'][number];
export type OrderItemInput = StoreOrderCreate['items'][number];

// ---- Add-on config and storage --------------------------------------------------------------

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The add-on's configuration in the organization (one per app per organization); `updatedAt` is null until written. */
export type AddonConfig<V extends JsonObject = JsonObject> = Omit<Schemas['AddonConfig'], 'values' | '_id'> & {
  _id: 'config';
  values: V;
};

/** One key of the add-on's key-value storage. */
export type StorageEntry<V extends JsonValue = JsonValue> = Omit<Schemas['StorageEntry'], 'value'> & { value: V };

// ---- Events ---------------------------------------------------------------------------------

/** A catalog entry: the scope needed to subscribe (e.g. `invoices.read`) and the JSON Schema of the delivery's `data`. */
export type CatalogEvent = Omit<Schemas['CatalogEvent'], 'schema'> & { schema: Record<string, unknown> };

/** `isActive` is `false` once disabled after three failed delivery attempts; subscribe again to re-activate. */
export type Subscription = Schemas['Subscription'];

// ---- Errors ---------------------------------------------------------------------------------

// Declared once, beside the errors the emulator answers with; only types cross over.
export type { ErrorBody, ValidationDetail } from '../../common/errors.js';
