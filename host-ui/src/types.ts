// Shapes of the emulator's answers. Where the emulator has a type of its own, it is imported from
// src/ (type-only: nothing of the server reaches the bundle), so the two cannot drift apart.
import type { ClockState } from '../../src/common/clock.js';
import type { SessionClaims } from '../../src/auth/tokens.js';
import type { Attempt, Delivery } from '../../src/webhooks/delivery-log.js';
import type { AuditEntry } from '../../src/audit/audit-log.js';
import type { ParityWarning } from '../../src/parity/parity-log.js';
import type { Refusal } from '../../src/api/pipeline.js';
import type { DisabledReport } from '../../src/webhooks/dispatcher.js';
import type { OrganizationView } from '../../src/installations/installations.js';
import type { Role } from '../../src/installations/roles.js';
import type { ChangedHits } from '../../src/coverage/recorder.js';

export type { AuditEntry } from '../../src/audit/audit-log.js';
export type { SessionClaims } from '../../src/auth/tokens.js';
export type { ClockState } from '../../src/common/clock.js';
export type { Attempt, Delivery } from '../../src/webhooks/delivery-log.js';
export type { Refusal } from '../../src/api/pipeline.js';
export type { DisabledReport } from '../../src/webhooks/dispatcher.js';

export type { EmulatorStatus } from '../../src/control/status.js';
export type { FieldOutline, ResourceOutline } from '../../src/domain/resource-outline.js';
export type { SearchAnswer, SearchResult } from '../../src/domain/record-search.js';
export type { TriggerResult } from '../../src/webhooks/trigger.js';

export interface MintedToken {
  token: string;
  claims: SessionClaims;
}

export type { DeliveryStatus } from '../../src/webhooks/delivery-status.js';

export type { PublishedEvent as CatalogEvent } from '../../src/domain/catalog.js';

export interface RecordsPage {
  data: Array<Record<string, unknown>>;
  total: number;
}

/** Payloads of the named events of `GET /_emulator/stream`. */
export interface StreamEvents {
  audit: AuditEntry;
  /** An API call refused before the audit log: a 401 of the token check, a 429 of the rate limit. */
  refused: Refusal;
  delivery: { delivery: Delivery; attempt: Attempt | null };
  clock: ClockState;
  parity: ParityWarning;
  /** A webhook subscription disabled after its delivery's third failed attempt. */
  'subscription-disabled': DisabledReport;
  /** The add-on installed, changed or uninstalled in an organization (null: the whole world was replaced). */
  installations: { orgId: string | null };
  /** What coverage met since the last such event: each item changed, with its new total. */
  coverage: { hits: ChangedHits };
}

export type { BridgeReport, CoverageNow } from '../../src/coverage/emulator-coverage.js';
export type { ChangedHits } from '../../src/coverage/recorder.js';

export type { FaultRule, FaultRuleSpec } from '../../src/faults/fault-rule.js';
export type { ParityWarning } from '../../src/parity/parity-log.js';
export type { ScopeReport } from '../../src/audit/scope-report.js';

export type { Access, Installation, OrgUser } from '../../src/installations/installation.js';
export type { OrganizationView } from '../../src/installations/installations.js';
export type { InstallationInput } from '../../src/installations/organizations.js';
export type { Role } from '../../src/installations/roles.js';

/** `GET /_emulator/organizations`: the organizations with their users and installations, what the add-on declares, the roles. */
export interface OrganizationsAnswer {
  data: OrganizationView[];
  declaredScopes: string[];
  roles: Array<{ role: Role; words: string }>;
}
