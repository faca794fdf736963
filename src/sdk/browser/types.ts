// The records of the add-on REST API (docs/api.md) and the bridge's context (docs/host-page.md), as
// TypeScript types. Types only: nothing here exists at run time.

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

/** Fields on every business record. */
export interface RecordBase {
  /** `<prefix>_<16 hex>`, e.g. `cus_1c709a99127b9a35`. */
  _id: string;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
  updatedAt: string;
}

/** A `YYYY-MM-DD` date. */
export type DateString = string;

export interface Address {
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

/** In a PATCH, `null` clears the optional fields that may hold it. */
type Clearable<T> = { [K in keyof T]?: T[K] | null };

// ---- Customers ------------------------------------------------------------------------------

export interface Customer extends RecordBase {
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  taxId: string | null;
  currency: string;
  address: Address | null;
  notes: string | null;
}

interface CustomerOptional {
  email: string;
  phone: string;
  company: string;
  taxId: string;
  address: Address;
  notes: string;
}

export type CustomerCreate = { name: string; currency?: string } & Partial<CustomerOptional>;
export type CustomerPatch = { name?: string; currency?: string } & Clearable<CustomerOptional>;

// ---- Invoices -------------------------------------------------------------------------------

export type InvoiceStatus = 'draft' | 'sent' | 'paid' | 'overdue' | 'void';

export interface LineItem {
  description: string;
  quantity: number;
  unitPrice: number;
  productId: string | null;
  /** `quantity × unitPrice`, rounded to the cent (computed). */
  amount: number;
}

/** A line item as sent: `amount` is computed, `productId` is left out rather than `null`. */
export interface LineItemInput {
  description: string;
  quantity: number;
  unitPrice: number;
  productId?: string;
}

export interface Invoice extends RecordBase {
  invoiceNumber: string;
  customerId: string;
  customerName: string;
  status: InvoiceStatus;
  currency: string;
  issueDate: DateString;
  dueDate: DateString;
  lineItems: LineItem[];
  subtotal: number;
  taxRate: number;
  taxTotal: number;
  total: number;
  amountPaid: number;
  amountDue: number;
  notes: string | null;
  paidAt: string | null;
}

export interface InvoiceCreate {
  customerId: string;
  lineItems: LineItemInput[];
  /** Only `draft` (default) or `sent` at creation. */
  status?: 'draft' | 'sent';
  currency?: string;
  issueDate?: DateString;
  dueDate?: DateString;
  taxRate?: number;
  notes?: string;
}

export interface InvoicePatch {
  customerId?: string;
  lineItems?: LineItemInput[];
  status?: InvoiceStatus;
  currency?: string;
  issueDate?: DateString;
  dueDate?: DateString;
  taxRate?: number;
  notes?: string | null;
}

// ---- Products -------------------------------------------------------------------------------

export interface Product extends RecordBase {
  name: string;
  sku: string | null;
  description: string | null;
  unitPrice: number;
  currency: string;
  taxRate: number;
  stockQuantity: number;
  lowStockThreshold: number;
  isActive: boolean;
}

interface ProductDefaults {
  currency: string;
  taxRate: number;
  stockQuantity: number;
  lowStockThreshold: number;
  isActive: boolean;
}

export type ProductCreate = {
  name: string;
  unitPrice: number;
  sku?: string;
  description?: string;
} & Partial<ProductDefaults>;
export type ProductPatch = { name?: string; unitPrice?: number } & Partial<ProductDefaults> &
  Clearable<{ sku: string; description: string }>;

// ---- Expenses -------------------------------------------------------------------------------

export type ExpenseStatus = 'pending' | 'approved' | 'rejected';

export interface Expense extends RecordBase {
  description: string;
  amount: number;
  currency: string;
  category: string;
  date: DateString;
  vendor: string | null;
  receiptUrl: string | null;
  status: ExpenseStatus;
  approvedAt: string | null;
}

export interface ExpenseCreate {
  description: string;
  amount: number;
  currency?: string;
  category?: string;
  date?: DateString;
  vendor?: string;
  receiptUrl?: string;
}

export type ExpensePatch = {
  description?: string;
  amount?: number;
  currency?: string;
  category?: string;
  date?: DateString;
  status?: ExpenseStatus;
} & Clearable<{ vendor: string; receiptUrl: string }>;

// ---- Tickets --------------------------------------------------------------------------------

export type TicketStatus = 'open' | 'pending' | 'solved' | 'closed';
export type TicketPriority = 'low' | 'normal' | 'high' | 'urgent';

export interface Ticket extends RecordBase {
  subject: string;
  description: string | null;
  customerId: string | null;
  priority: TicketPriority;
  assignee: string | null;
  tags: string[];
  status: TicketStatus;
}

export interface TicketCreate {
  subject: string;
  description?: string;
  customerId?: string;
  priority?: TicketPriority;
  assignee?: string;
  tags?: string[];
}

export type TicketPatch = {
  subject?: string;
  priority?: TicketPriority;
  tags?: string[];
  status?: TicketStatus;
} & Clearable<{ description: string; customerId: string; assignee: string }>;

// ---- Store orders ---------------------------------------------------------------------------

export type StoreOrderStatus = 'pending' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded';

/** An order item: an invoice line item whose `quantity` is an integer. */
export type OrderItem = LineItem;
export type OrderItemInput = LineItemInput;

export interface StoreOrder extends RecordBase {
  orderNumber: string;
  /** `null` for a guest order. */
  customerId: string | null;
  status: StoreOrderStatus;
  currency: string;
  items: OrderItem[];
  shippingAddress: Address | null;
  subtotal: number;
  shippingTotal: number;
  total: number;
}

export interface StoreOrderCreate {
  items: OrderItemInput[];
  customerId?: string;
  currency?: string;
  shippingAddress?: Address;
  shippingTotal?: number;
}

export type StoreOrderPatch = {
  items?: OrderItemInput[];
  status?: StoreOrderStatus;
  currency?: string;
  shippingTotal?: number;
} & Clearable<{ customerId: string; shippingAddress: Address }>;

// ---- Add-on config and storage --------------------------------------------------------------

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The add-on's configuration in the organization (one per app per organization). */
export interface AddonConfig<V extends JsonObject = JsonObject> {
  _id: 'config';
  appId: string;
  values: V;
  /** `null` until first written, and again after a reset. */
  updatedAt: string | null;
}

/** One key of the add-on's key-value storage. */
export interface StorageEntry<V extends JsonValue = JsonValue> {
  /** The key. */
  _id: string;
  key: string;
  value: V;
  createdAt: string;
  updatedAt: string;
}

// ---- Events ---------------------------------------------------------------------------------

export interface CatalogEvent {
  name: string;
  description: string;
  /** The scope needed to subscribe, e.g. `invoices.read`. */
  scope: string;
  /** JSON Schema of the delivery's `data`. */
  schema: Record<string, unknown>;
}

export interface Subscription {
  event: string;
  webhookUrl: string;
  /** `false` once disabled after three failed delivery attempts; subscribe again to re-activate. */
  isActive: boolean;
}

// ---- Errors ---------------------------------------------------------------------------------

/** Every error answer of the API has this body. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  [extra: string]: unknown;
}

/** One problem of a `400 validation_failed`. */
export interface ValidationDetail {
  in: 'body' | 'querystring' | 'params';
  /** `name`, `address.country`, `lineItems[0].quantity`; `""` for the body itself. */
  field: string;
  message: string;
}
