// Generated from the emulator's OpenAPI document by openapi-typescript: do not edit.
// `npm run sdk-types` writes it again; test/api/openapi.test.ts fails when it is out of date.
export interface paths {
  '/api/addon/v1/customers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List customers
     * @description Requires scope `customers.read`. People and companies the organization bills.
     */
    get: operations['listCustomers'];
    put?: never;
    /**
     * Create a customer
     * @description Requires scope `customers.write`. People and companies the organization bills.
     */
    post: operations['createCustomer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/customers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a customer
     * @description Requires scope `customers.read`. People and companies the organization bills.
     */
    get: operations['getCustomer'];
    put?: never;
    post?: never;
    /**
     * Delete a customer
     * @description Requires scope `customers.delete`. People and companies the organization bills.
     */
    delete: operations['deleteCustomer'];
    options?: never;
    head?: never;
    /**
     * Update a customer
     * @description Requires scope `customers.write`. People and companies the organization bills.
     */
    patch: operations['updateCustomer'];
    trace?: never;
  };
  '/api/addon/v1/invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List invoices
     * @description Requires scope `invoices.read`. Invoices to customers; totals are computed by the emulator from the line items.
     */
    get: operations['listInvoices'];
    put?: never;
    /**
     * Create an invoice
     * @description Requires scope `invoices.write`. Invoices to customers; totals are computed by the emulator from the line items.
     */
    post: operations['createInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/invoices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an invoice
     * @description Requires scope `invoices.read`. Invoices to customers; totals are computed by the emulator from the line items.
     */
    get: operations['getInvoice'];
    put?: never;
    post?: never;
    /**
     * Delete an invoice
     * @description Requires scope `invoices.delete`. Invoices to customers; totals are computed by the emulator from the line items.
     */
    delete: operations['deleteInvoice'];
    options?: never;
    head?: never;
    /**
     * Update an invoice
     * @description Requires scope `invoices.write`. Invoices to customers; totals are computed by the emulator from the line items.
     */
    patch: operations['updateInvoice'];
    trace?: never;
  };
  '/api/addon/v1/products': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List products
     * @description Requires scope `products.read`. Goods and services the organization sells, with stock levels.
     */
    get: operations['listProducts'];
    put?: never;
    /**
     * Create a product
     * @description Requires scope `products.write`. Goods and services the organization sells, with stock levels.
     */
    post: operations['createProduct'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/products/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a product
     * @description Requires scope `products.read`. Goods and services the organization sells, with stock levels.
     */
    get: operations['getProduct'];
    put?: never;
    post?: never;
    /**
     * Delete a product
     * @description Requires scope `products.delete`. Goods and services the organization sells, with stock levels.
     */
    delete: operations['deleteProduct'];
    options?: never;
    head?: never;
    /**
     * Update a product
     * @description Requires scope `products.write`. Goods and services the organization sells, with stock levels.
     */
    patch: operations['updateProduct'];
    trace?: never;
  };
  '/api/addon/v1/expenses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List expenses
     * @description Requires scope `expenses.read`. Money the organization spent, submitted and then approved or rejected.
     */
    get: operations['listExpenses'];
    put?: never;
    /**
     * Create an expense
     * @description Requires scope `expenses.write`. Money the organization spent, submitted and then approved or rejected.
     */
    post: operations['createExpense'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/expenses/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an expense
     * @description Requires scope `expenses.read`. Money the organization spent, submitted and then approved or rejected.
     */
    get: operations['getExpense'];
    put?: never;
    post?: never;
    /**
     * Delete an expense
     * @description Requires scope `expenses.delete`. Money the organization spent, submitted and then approved or rejected.
     */
    delete: operations['deleteExpense'];
    options?: never;
    head?: never;
    /**
     * Update an expense
     * @description Requires scope `expenses.write`. Money the organization spent, submitted and then approved or rejected.
     */
    patch: operations['updateExpense'];
    trace?: never;
  };
  '/api/addon/v1/tickets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List tickets
     * @description Requires scope `tickets.read`. Support tickets, optionally linked to a customer.
     */
    get: operations['listTickets'];
    put?: never;
    /**
     * Create a ticket
     * @description Requires scope `tickets.write`. Support tickets, optionally linked to a customer.
     */
    post: operations['createTicket'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/tickets/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a ticket
     * @description Requires scope `tickets.read`. Support tickets, optionally linked to a customer.
     */
    get: operations['getTicket'];
    put?: never;
    post?: never;
    /**
     * Delete a ticket
     * @description Requires scope `tickets.delete`. Support tickets, optionally linked to a customer.
     */
    delete: operations['deleteTicket'];
    options?: never;
    head?: never;
    /**
     * Update a ticket
     * @description Requires scope `tickets.write`. Support tickets, optionally linked to a customer.
     */
    patch: operations['updateTicket'];
    trace?: never;
  };
  '/api/addon/v1/orders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List orders
     * @description Requires scope `orders.read`. Orders placed in the organization's web store.
     */
    get: operations['listOrders'];
    put?: never;
    /**
     * Create a store order
     * @description Requires scope `orders.write`. Orders placed in the organization's web store.
     */
    post: operations['createStoreOrder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/orders/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a store order
     * @description Requires scope `orders.read`. Orders placed in the organization's web store.
     */
    get: operations['getStoreOrder'];
    put?: never;
    post?: never;
    /**
     * Delete a store order
     * @description Requires scope `orders.delete`. Orders placed in the organization's web store.
     */
    delete: operations['deleteStoreOrder'];
    options?: never;
    head?: never;
    /**
     * Update a store order
     * @description Requires scope `orders.write`. Orders placed in the organization's web store.
     */
    patch: operations['updateStoreOrder'];
    trace?: never;
  };
  '/api/addon/v1/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the add-on's configuration
     * @description Requires scope `config.read`.
     */
    get: operations['getConfig'];
    /**
     * Replace the add-on's configuration
     * @description Requires scope `config.write`.
     */
    put: operations['replaceConfig'];
    post?: never;
    /**
     * Reset the configuration to empty
     * @description Requires scope `config.delete`.
     */
    delete: operations['resetConfig'];
    options?: never;
    head?: never;
    /**
     * Merge into the configuration (JSON Merge Patch: null removes a key)
     * @description Requires scope `config.write`.
     */
    patch: operations['patchConfig'];
    trace?: never;
  };
  '/api/addon/v1/storage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List storage entries
     * @description Requires scope `storage.read`.
     */
    get: operations['listStorage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/storage/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a storage entry
     * @description Requires scope `storage.read`.
     */
    get: operations['getStorageEntry'];
    /**
     * Set a storage entry (201 when created, 200 when replaced)
     * @description Requires scope `storage.write`.
     */
    put: operations['setStorageEntry'];
    post?: never;
    /**
     * Delete a storage entry
     * @description Requires scope `storage.delete`.
     */
    delete: operations['deleteStorageEntry'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/events/catalog': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The event catalog: every event, the scope a subscriber needs and the schema of its data */
    get: operations['getEventCatalog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/events/subscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Subscribe to an event (needs the read scope of the event's resource); again re-activates */
    post: operations['subscribe'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/events/subscriptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The add-on's subscriptions in this organization */
    get: operations['listSubscriptions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/addon/v1/events/unsubscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Unsubscribe from an event (the subscription is deleted) */
    post: operations['unsubscribe'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description Error (the same shape for every status; see docs/api.md) */
    Error: {
      statusCode: number;
      error: string;
      code: string;
      message: string;
    } & {
      [key: string]: unknown;
    };
    Customer: {
      _id: string;
      name: string;
      /** Format: email */
      email: string | null;
      phone: string | null;
      company: string | null;
      taxId: string | null;
      /** @description ISO 4217 code */
      currency: string;
      address: {
        line1?: string;
        line2?: string;
        city?: string;
        region?: string;
        postalCode?: string;
        /** @description ISO 3166-1 alpha-2 code */
        country?: string;
      } | null;
      notes: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    CustomerCreate: {
      name: string;
      /** Format: email */
      email?: string;
      phone?: string;
      company?: string;
      taxId?: string;
      /**
       * @description ISO 4217 code
       * @default USD
       */
      currency?: string;
      address?: {
        line1?: string;
        line2?: string;
        city?: string;
        region?: string;
        postalCode?: string;
        /** @description ISO 3166-1 alpha-2 code */
        country?: string;
      };
      notes?: string;
    };
    CustomerPatch: {
      name?: string;
      /** Format: email */
      email?: string | null;
      phone?: string | null;
      company?: string | null;
      taxId?: string | null;
      /** @description ISO 4217 code */
      currency?: string;
      address?: {
        line1?: string;
        line2?: string;
        city?: string;
        region?: string;
        postalCode?: string;
        /** @description ISO 3166-1 alpha-2 code */
        country?: string;
      } | null;
      notes?: string | null;
    };
    Invoice: {
      _id: string;
      /** @description INV-000001, numbered per organization */
      invoiceNumber: string;
      customerId: string;
      customerName: string;
      /** @description ISO 4217 code; defaults to the customer's currency */
      currency: string;
      /**
       * Format: date
       * @description YYYY-MM-DD; defaults to today on the emulated clock
       */
      issueDate: string;
      /**
       * Format: date
       * @description YYYY-MM-DD; defaults to issueDate + 30 days
       */
      dueDate: string;
      lineItems: {
        description: string;
        quantity: number;
        unitPrice: number;
        productId: string | null;
        amount: number;
      }[];
      subtotal: number;
      /** @description percent, applied to the subtotal */
      taxRate: number;
      taxTotal: number;
      total: number;
      amountPaid: number;
      amountDue: number;
      notes: string | null;
      /** Format: date-time */
      paidAt: string | null;
      /** @enum {string} */
      status: 'draft' | 'sent' | 'paid' | 'overdue' | 'void';
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    InvoiceCreate: {
      customerId: string;
      /** @description ISO 4217 code; defaults to the customer's currency */
      currency?: string;
      /**
       * Format: date
       * @description YYYY-MM-DD; defaults to today on the emulated clock
       */
      issueDate?: string;
      /**
       * Format: date
       * @description YYYY-MM-DD; defaults to issueDate + 30 days
       */
      dueDate?: string;
      lineItems: {
        description: string;
        quantity: number;
        unitPrice: number;
        productId?: string;
      }[];
      /**
       * @description percent, applied to the subtotal
       * @default 0
       */
      taxRate?: number;
      notes?: string;
      /**
       * @description initial status
       * @default draft
       * @enum {string}
       */
      status?: 'draft' | 'sent';
    };
    InvoicePatch: {
      customerId?: string;
      /** @description ISO 4217 code; defaults to the customer's currency */
      currency?: string;
      /**
       * Format: date
       * @description YYYY-MM-DD; defaults to today on the emulated clock
       */
      issueDate?: string;
      /**
       * Format: date
       * @description YYYY-MM-DD; defaults to issueDate + 30 days
       */
      dueDate?: string;
      lineItems?: {
        description: string;
        quantity: number;
        unitPrice: number;
        productId?: string;
      }[];
      /** @description percent, applied to the subtotal */
      taxRate?: number;
      notes?: string | null;
      /** @enum {string} */
      status?: 'draft' | 'sent' | 'paid' | 'overdue' | 'void';
    };
    Product: {
      _id: string;
      name: string;
      sku: string | null;
      description: string | null;
      unitPrice: number;
      /** @description ISO 4217 code */
      currency: string;
      /** @description percent */
      taxRate: number;
      stockQuantity: number;
      lowStockThreshold: number;
      isActive: boolean;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    ProductCreate: {
      name: string;
      sku?: string;
      description?: string;
      unitPrice: number;
      /**
       * @description ISO 4217 code
       * @default USD
       */
      currency?: string;
      /**
       * @description percent
       * @default 0
       */
      taxRate?: number;
      /** @default 0 */
      stockQuantity?: number;
      /** @default 5 */
      lowStockThreshold?: number;
      /** @default true */
      isActive?: boolean;
    };
    ProductPatch: {
      name?: string;
      sku?: string | null;
      description?: string | null;
      unitPrice?: number;
      /** @description ISO 4217 code */
      currency?: string;
      /** @description percent */
      taxRate?: number;
      stockQuantity?: number;
      lowStockThreshold?: number;
      isActive?: boolean;
    };
    Expense: {
      _id: string;
      description: string;
      amount: number;
      /** @description ISO 4217 code */
      currency: string;
      /** @description e.g. travel, meals, software, office */
      category: string;
      /**
       * Format: date
       * @description YYYY-MM-DD; defaults to today on the emulated clock
       */
      date: string;
      vendor: string | null;
      /** Format: uri */
      receiptUrl: string | null;
      /** Format: date-time */
      approvedAt: string | null;
      /** @enum {string} */
      status: 'pending' | 'approved' | 'rejected';
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    ExpenseCreate: {
      description: string;
      amount: number;
      /**
       * @description ISO 4217 code
       * @default USD
       */
      currency?: string;
      /**
       * @description e.g. travel, meals, software, office
       * @default general
       */
      category?: string;
      /**
       * Format: date
       * @description YYYY-MM-DD; defaults to today on the emulated clock
       */
      date?: string;
      vendor?: string;
      /** Format: uri */
      receiptUrl?: string;
    };
    ExpensePatch: {
      description?: string;
      amount?: number;
      /** @description ISO 4217 code */
      currency?: string;
      /** @description e.g. travel, meals, software, office */
      category?: string;
      /**
       * Format: date
       * @description YYYY-MM-DD; defaults to today on the emulated clock
       */
      date?: string;
      vendor?: string | null;
      /** Format: uri */
      receiptUrl?: string | null;
      /** @enum {string} */
      status?: 'pending' | 'approved' | 'rejected';
    };
    Ticket: {
      _id: string;
      subject: string;
      description: string | null;
      customerId: string | null;
      /** @enum {string} */
      priority: 'low' | 'normal' | 'high' | 'urgent';
      assignee: string | null;
      tags: string[];
      /** @enum {string} */
      status: 'open' | 'pending' | 'solved' | 'closed';
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    TicketCreate: {
      subject: string;
      description?: string;
      customerId?: string;
      /**
       * @default normal
       * @enum {string}
       */
      priority?: 'low' | 'normal' | 'high' | 'urgent';
      assignee?: string;
      tags?: string[];
    };
    TicketPatch: {
      subject?: string;
      description?: string | null;
      customerId?: string | null;
      /** @enum {string} */
      priority?: 'low' | 'normal' | 'high' | 'urgent';
      assignee?: string | null;
      tags?: string[];
      /** @enum {string} */
      status?: 'open' | 'pending' | 'solved' | 'closed';
    };
    StoreOrder: {
      _id: string;
      /** @description SO-000001, numbered per organization */
      orderNumber: string;
      customerId: string | null;
      /** @description ISO 4217 code */
      currency: string;
      items: {
        description: string;
        quantity: number;
        unitPrice: number;
        productId: string | null;
        amount: number;
      }[];
      shippingAddress: {
        line1?: string;
        line2?: string;
        city?: string;
        region?: string;
        postalCode?: string;
        /** @description ISO 3166-1 alpha-2 code */
        country?: string;
      } | null;
      subtotal: number;
      shippingTotal: number;
      total: number;
      /** @enum {string} */
      status: 'pending' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded';
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    StoreOrderCreate: {
      customerId?: string;
      /**
       * @description ISO 4217 code
       * @default USD
       */
      currency?: string;
      items: {
        productId?: string;
        description: string;
        quantity: number;
        unitPrice: number;
      }[];
      shippingAddress?: {
        line1?: string;
        line2?: string;
        city?: string;
        region?: string;
        postalCode?: string;
        /** @description ISO 3166-1 alpha-2 code */
        country?: string;
      };
      /** @default 0 */
      shippingTotal?: number;
    };
    StoreOrderPatch: {
      customerId?: string | null;
      /** @description ISO 4217 code */
      currency?: string;
      items?: {
        productId?: string;
        description: string;
        quantity: number;
        unitPrice: number;
      }[];
      shippingAddress?: {
        line1?: string;
        line2?: string;
        city?: string;
        region?: string;
        postalCode?: string;
        /** @description ISO 3166-1 alpha-2 code */
        country?: string;
      } | null;
      shippingTotal?: number;
      /** @enum {string} */
      status?: 'pending' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded';
    };
    AddonConfig: {
      _id: string;
      appId: string;
      values: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      updatedAt: string | null;
    };
    StorageEntry: {
      _id: string;
      key: string;
      /** @description any JSON value */
      value: unknown;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    CatalogEvent: {
      name: string;
      description: string;
      /** @description the scope a subscriber needs */
      scope: string;
      /** @description JSON Schema of the delivery's data */
      schema: {
        [key: string]: unknown;
      };
    };
    Subscription: {
      event: string;
      webhookUrl: string;
      isActive: boolean;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listCustomers: {
    parameters: {
      query?: {
        /** @description page size */
        limit?: number;
        /** @description records to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of customers, oldest first, and their total */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Customer'][];
            total: number;
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CustomerCreate'];
      };
    };
    responses: {
      /** @description The new customer */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Customer'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The customer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Customer'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted the customer */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CustomerPatch'];
      };
    };
    responses: {
      /** @description the customer as updated */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Customer'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A change the record's status does not allow */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listInvoices: {
    parameters: {
      query?: {
        /** @description page size */
        limit?: number;
        /** @description records to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of invoices, oldest first, and their total */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invoice'][];
            total: number;
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvoiceCreate'];
      };
    };
    responses: {
      /** @description The new invoice */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invoice'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The invoice */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invoice'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted the invoice */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvoicePatch'];
      };
    };
    responses: {
      /** @description the invoice as updated */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invoice'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A change the record's status does not allow */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listProducts: {
    parameters: {
      query?: {
        /** @description page size */
        limit?: number;
        /** @description records to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of products, oldest first, and their total */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Product'][];
            total: number;
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createProduct: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ProductCreate'];
      };
    };
    responses: {
      /** @description The new product */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Product'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getProduct: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The product */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Product'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteProduct: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted the product */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateProduct: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ProductPatch'];
      };
    };
    responses: {
      /** @description the product as updated */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Product'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A change the record's status does not allow */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listExpenses: {
    parameters: {
      query?: {
        /** @description page size */
        limit?: number;
        /** @description records to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of expenses, oldest first, and their total */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Expense'][];
            total: number;
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createExpense: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ExpenseCreate'];
      };
    };
    responses: {
      /** @description The new expense */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Expense'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getExpense: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The expense */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Expense'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteExpense: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted the expense */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateExpense: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ExpensePatch'];
      };
    };
    responses: {
      /** @description the expense as updated */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Expense'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A change the record's status does not allow */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTickets: {
    parameters: {
      query?: {
        /** @description page size */
        limit?: number;
        /** @description records to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of tickets, oldest first, and their total */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Ticket'][];
            total: number;
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createTicket: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TicketCreate'];
      };
    };
    responses: {
      /** @description The new ticket */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Ticket'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getTicket: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ticket */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Ticket'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteTicket: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted the ticket */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateTicket: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TicketPatch'];
      };
    };
    responses: {
      /** @description the ticket as updated */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Ticket'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A change the record's status does not allow */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listOrders: {
    parameters: {
      query?: {
        /** @description page size */
        limit?: number;
        /** @description records to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of orders, oldest first, and their total */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['StoreOrder'][];
            total: number;
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createStoreOrder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['StoreOrderCreate'];
      };
    };
    responses: {
      /** @description The new store order */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['StoreOrder'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getStoreOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The store order */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['StoreOrder'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteStoreOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted the store order */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateStoreOrder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['StoreOrderPatch'];
      };
    };
    responses: {
      /** @description the store order as updated */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['StoreOrder'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A change the record's status does not allow */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The add-on's configuration */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['AddonConfig'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  replaceConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description The add-on's configuration */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['AddonConfig'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resetConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Reset */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  patchConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description The add-on's configuration */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['AddonConfig'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listStorage: {
    parameters: {
      query?: {
        /** @description page size */
        limit?: number;
        /** @description records to skip */
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of entries, in order of first creation */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['StorageEntry'][];
            total: number;
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getStorageEntry: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The entry */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['StorageEntry'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setStorageEntry: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          value: unknown;
        };
      };
    };
    responses: {
      /** @description The entry, replaced */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['StorageEntry'];
          };
        };
      };
      /** @description The entry, created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['StorageEntry'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteStorageEntry: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such record in this organization */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getEventCatalog: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every event of the catalog */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['CatalogEvent'][];
            total: number;
          };
        };
      };
    };
  };
  subscribe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          event: string;
          webhookUrl: string;
        };
      };
    };
    responses: {
      /** @description The subscription, replaced or re-activated */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Subscription'];
          };
        };
      };
      /** @description The subscription, created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Subscription'];
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listSubscriptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every subscription, active or disabled */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Subscription'][];
            total: number;
          };
        };
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  unsubscribe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          event: string;
        };
      };
    };
    responses: {
      /** @description Unsubscribed */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request does not validate: the body, a parameter or the query string (details name the fields) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid session token: missing, malformed, expired, or signed by a key this emulator does not know */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The session lacks the scope this call needs (the body names requiredScope and grantedScopes) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate limit of the add-on in this organization is reached: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Error (the same shape for every status; see docs/api.md) */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}

/** The business resources by path, each with its record, create body and patch body. */
export interface Resources {
  customers: {
    record: components['schemas']['Customer'];
    create: components['schemas']['CustomerCreate'];
    patch: components['schemas']['CustomerPatch'];
  };
  invoices: {
    record: components['schemas']['Invoice'];
    create: components['schemas']['InvoiceCreate'];
    patch: components['schemas']['InvoicePatch'];
  };
  products: {
    record: components['schemas']['Product'];
    create: components['schemas']['ProductCreate'];
    patch: components['schemas']['ProductPatch'];
  };
  expenses: {
    record: components['schemas']['Expense'];
    create: components['schemas']['ExpenseCreate'];
    patch: components['schemas']['ExpensePatch'];
  };
  tickets: {
    record: components['schemas']['Ticket'];
    create: components['schemas']['TicketCreate'];
    patch: components['schemas']['TicketPatch'];
  };
  orders: {
    record: components['schemas']['StoreOrder'];
    create: components['schemas']['StoreOrderCreate'];
    patch: components['schemas']['StoreOrderPatch'];
  };
}

/** The business resources' paths, in the document's order. */
export const RESOURCE_NAMES = ['customers', 'invoices', 'products', 'expenses', 'tickets', 'orders'] as const;
