/** The events spec section 6 names: the catalog must have them, and the docs count the rest apart. */
export const SPEC_NAMED_EVENTS = [
  'invoice.created',
  'invoice.paid',
  'invoice.overdue',
  'customer.created',
  'payment.received',
  'expense.approved',
  'product.low_stock',
  'store.order.created',
  'ticket.created',
];
