// Shapes of the emulator's answers, as documented in docs/control-api.md and docs/webhooks.md.
// Only the fields the host page reads are typed.

export interface ClockState {
  now: string;
  nowMs: number;
  offsetMs: number;
}

export interface EmulatorStatus {
  appId: string;
  name: string;
  addonUrl: string | null;
  /** Declared scopes. */
  scopes: string[];
  /** Scopes granted at installation (a subset of the declared ones). */
  grantedScopes: string[];
  orgId: string;
  userId: string;
  url: string;
  apiUrl: string;
  clock: ClockState;
}

export interface SessionClaims {
  type: 'addon_session';
  orgId: string;
  userId: string;
  appId: string;
  scopes: string[];
  jti: string;
  iat: number;
  exp: number;
}

export interface MintedToken {
  token: string;
  claims: SessionClaims;
}

export interface AuditEntry {
  time: string;
  requestId: string;
  appId: string;
  orgId: string;
  userId: string;
  tokenId: string;
  method: string;
  path: string;
  status: number;
  scope: { required: string | null; decision: 'granted' | 'denied' | 'not_required' };
  durationMs: number;
}

export interface Attempt {
  attempt: number;
  at: string;
  request: { url: string; headers: Record<string, string> };
  ok: boolean;
  response: { status: number; headers: Record<string, string>; body: string; truncated: boolean } | null;
  error: string | null;
  durationMs: number;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface Delivery {
  deliveryId: string;
  event: string;
  orgId: string;
  appId: string;
  webhookUrl: string;
  /** The exact body sent, as text. */
  payload: string;
  status: DeliveryStatus;
  attempts: Attempt[];
  nextAttemptAt: string | null;
  replayOf: string | null;
  createdAt: string;
}

export interface TriggerResult {
  event: string;
  orgId: string;
  data: Record<string, unknown>;
  deliveries: Delivery[];
}

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
