/**
 * Typed webhook events (spec 2.4, 6). The fields the spec shows are required; fields that only the
 * emulator documents (docs/events.md) are optional, since the service may not send them.
 */

/** `invoice.paid`: exactly the fields of spec 6. */
export interface InvoicePaidData {
  invoiceId: string;
  invoiceNumber: string;
  customerId: string;
  customerName: string;
  totalAmount: number;
  paidAmount: number;
  paymentMethod: string;
}

/** `payment.received`: the spec shows `amount`; the rest is what the emulator sends. */
export interface PaymentReceivedData {
  amount: number;
  paymentId?: string;
  invoiceId?: string;
  invoiceNumber?: string;
  customerId?: string;
  currency?: string;
  paymentMethod?: string;
  /** ISO 8601 UTC. */
  receivedAt?: string;
}

/** `customer.created`: the spec shows `name`; the rest is what the emulator sends. */
export interface CustomerCreatedData {
  name: string;
  customerId?: string;
  email?: string | null;
  company?: string | null;
  currency?: string;
  /** ISO 8601 UTC. */
  createdAt?: string;
}

/** The events whose data is typed, by name. */
export interface KnownEventData {
  'invoice.paid': InvoicePaidData;
  'payment.received': PaymentReceivedData;
  'customer.created': CustomerCreatedData;
}

export type KnownEventName = keyof KnownEventData;

/** The delivery envelope (spec 2.4) with what the headers add. */
interface Envelope {
  /** Organization where the event occurred. */
  organizationId: string;
  /** When the delivery was made: ISO 8601 UTC with milliseconds. Retries keep it. */
  timestamp: string;
  /** UUID of the delivery; every attempt of one delivery has the same. */
  deliveryId: string;
  /** `X-Service-Delivery-Attempt`: 1, 2 or 3 (1 when the header is missing). */
  attempt: number;
  /** The app id the signature was verified with (yours). */
  appId: string;
}

type EventOf<E extends KnownEventName> = Envelope & { event: E; data: KnownEventData[E] };

export type KnownWebhookEvent = { [E in KnownEventName]: EventOf<E> }[KnownEventName];

/** The typed event of one name: `WebhookEventOf<'invoice.paid'>`. */
export type WebhookEventOf<E extends KnownEventName> = Extract<KnownWebhookEvent, { event: E }>;

/** Any other catalog event: its data is not typed. */
export type GenericWebhookEvent = Envelope & { event: string; data: Record<string, unknown> };

/** What `parseWebhook` returns. Narrow it with `isEvent(event, 'invoice.paid')`. */
export type WebhookEvent = KnownWebhookEvent | GenericWebhookEvent;

/**
 * Narrows an event to one of the typed ones. (`event.event === 'invoice.paid'` alone cannot narrow
 * `data`: the generic event's name is any string, 'invoice.paid' included.)
 */
export function isEvent<E extends KnownEventName>(event: WebhookEvent, name: E): event is WebhookEventOf<E> {
  return event.event === name;
}

type FieldType = 'string' | 'number';

/** The fields every typed event must carry, checked by `parseWebhook` so the types tell the truth. */
const REQUIRED: { [E in KnownEventName]: Partial<Record<keyof KnownEventData[E], FieldType>> } = {
  'invoice.paid': {
    invoiceId: 'string',
    invoiceNumber: 'string',
    customerId: 'string',
    customerName: 'string',
    totalAmount: 'number',
    paidAmount: 'number',
    paymentMethod: 'string',
  },
  'payment.received': { amount: 'number' },
  'customer.created': { name: 'string' },
};

/** The first problem with a typed event's data, or null (also for events that are not typed). */
export function dataProblem(event: string, data: Record<string, unknown>): string | null {
  if (!Object.hasOwn(REQUIRED, event)) return null;
  const fields = REQUIRED[event as KnownEventName] as Record<string, FieldType>;
  for (const [field, type] of Object.entries(fields)) {
    const value = data[field];
    if (typeof value !== type || (type === 'number' && !Number.isFinite(value)))
      return `${event} data.${field} must be a ${type}`;
  }
  return null;
}
