/** A stored invoice as the API answers it: the fields `invoice.paid` is built from. */
interface StoredInvoice {
  _id: string;
  invoiceNumber: string;
  customerId: string;
  total: number;
}

/**
 * The data of `invoice.paid` (spec section 6) for a stored invoice, written out here rather than
 * read from the catalog's definition: what a trigger for that record must deliver.
 */
export const invoicePaidData = (invoice: StoredInvoice, customerName: string, paymentMethod = 'bank_transfer') => ({
  invoiceId: invoice._id,
  invoiceNumber: invoice.invoiceNumber,
  customerId: invoice.customerId,
  customerName,
  totalAmount: invoice.total,
  paidAmount: invoice.total,
  paymentMethod,
});
