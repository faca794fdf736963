// Shapes of the emulator's answers. Where the emulator has a type of its own, it is imported from
// src/ (type-only: nothing of the server reaches the bundle), so the two cannot drift apart.
import type { ClockState } from '../../src/clock.js';
import type { SessionClaims } from '../../src/auth/tokens.js';
import type { Attempt, Delivery } from '../../src/webhooks/delivery-log.js';
import type { AuditEntry } from '../../src/audit/audit-log.js';
import type { EmulatorSettings } from '../../src/emulator/settings.js';

export type { AuditEntry } from '../../src/audit/audit-log.js';
export type { SessionClaims } from '../../src/auth/tokens.js';
export type { ClockState } from '../../src/clock.js';
export type { Attempt, Delivery } from '../../src/webhooks/delivery-log.js';

/** GET /_emulator/status: the emulated add-on's settings, and where the emulator is. */
export interface EmulatorStatus extends EmulatorSettings {
  url: string;
  apiUrl: string;
  clock: ClockState;
}

export interface TriggerResult {
  event: string;
  orgId: string;
  data: Record<string, unknown>;
  deliveries: Delivery[];
}

export interface MintedToken {
  token: string;
  claims: SessionClaims;
}

export type DeliveryStatus = Delivery['status'];

export interface CatalogEvent {
  name: string;
  description: string;
  scope: string;
}

export interface RecordsPage {
  data: Array<Record<string, unknown>>;
  total: number;
}

/** Payloads of the named events of `GET /_emulator/stream`. */
export interface StreamEvents {
  audit: AuditEntry;
  delivery: { delivery: Delivery; attempt: Attempt | null };
  clock: ClockState;
}
