/**
 * Where a delivery stands: `pending` while an attempt is due, then `succeeded`, `failed` (its last
 * attempt failed) or `cancelled` (its subscription was gone or disabled when an attempt fell due).
 * No imports: the CLI's help and the control API's filter read it too.
 */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
