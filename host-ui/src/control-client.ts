// Same-origin calls to the emulator's control API (/_emulator) and the public event catalog.
// The page is served by the emulator, so the browser sends the emulator's own Origin, which the
// control API's guard accepts; no credentials or tokens are involved.
import type {
  BridgeReport,
  CatalogEvent,
  ClockState,
  CoverageNow,
  Delivery,
  AuditEntry,
  EmulatorStatus,
  FaultRule,
  FaultRuleSpec,
  Installation,
  InstallationInput,
  MintedToken,
  OrganizationsAnswer,
  OrganizationView,
  ParityWarning,
  RecordsPage,
  ResourceOutline,
  ScopeReport,
  SearchAnswer,
  TriggerResult,
} from './types';
import { API_PREFIX } from '../../src/sdk/browser/addresses.js';

/** An error answer, carrying the emulator's `message` (what the toast shows) and `code`. */
export class ControlError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  { keepalive = false } = {},
): Promise<T> {
  const init: RequestInit = { method, headers: { accept: 'application/json' }, keepalive };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ControlError(`cannot reach the emulator (${(error as Error).message})`, 0, 'network_error');
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: only possible from something other than the emulator (a proxy, a dev server).
  }
  if (!response.ok) {
    const error = (parsed ?? {}) as { message?: unknown; code?: unknown };
    const message = typeof error.message === 'string' ? error.message : `${method} ${path}: HTTP ${response.status}`;
    throw new ControlError(message, response.status, typeof error.code === 'string' ? error.code : 'http_error');
  }
  return parsed as T;
}

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

export interface MintRequest {
  /** A part of the installation's grant; absent: the whole grant. */
  scopes?: string[];
  orgId: string;
  userId: string;
}

export const control = {
  status: () => call<EmulatorStatus>('GET', '/_emulator/status'),
  token: (request: MintRequest) => call<MintedToken>('POST', '/_emulator/tokens', request),
  clock: () => call<ClockState>('GET', '/_emulator/clock'),
  advanceClock: (by: string) => call<ClockState>('POST', '/_emulator/clock/advance', { by }),
  audit: (limit: number) => call<{ data: AuditEntry[] }>('GET', `/_emulator/audit?${query({ limit })}`),
  trigger: (event: string, { data, orgId }: { data?: Record<string, unknown>; orgId?: string } = {}) =>
    call<TriggerResult>('POST', '/_emulator/events/trigger', { event, orgId, data }),
  deliveries: (limit: number) => call<{ data: Delivery[] }>('GET', `/_emulator/deliveries?${query({ limit })}`),
  // The replay route takes no body (docs/control-api.md), so none is sent.
  replay: (deliveryId: string) =>
    call<Delivery>('POST', `/_emulator/deliveries/${encodeURIComponent(deliveryId)}/replay`),
  records: (collection: string, page: { orgId: string; limit: number; offset?: number; order?: 'oldest' | 'newest' }) =>
    call<RecordsPage>('GET', `/_emulator/records/${encodeURIComponent(collection)}?${query(page)}`),
  record: (collection: string, id: string, orgId: string) =>
    call<{ data: Record<string, unknown> }>(
      'GET',
      `/_emulator/records/${encodeURIComponent(collection)}/${encodeURIComponent(id)}?${query({ orgId })}`,
    ),
  resources: () => call<{ data: ResourceOutline[] }>('GET', '/_emulator/resources'),
  search: (q: string, orgId: string) => call<SearchAnswer>('GET', `/_emulator/search?${query({ q, orgId })}`),
  seed: (options: { orgId: string; size?: number }) =>
    call<{ orgId: string; created: Record<string, number> }>('POST', '/_emulator/seed', options),
  catalog: () => call<{ data: CatalogEvent[]; total: number }>('GET', `${API_PREFIX}/events/catalog`),
  faults: () => call<{ data: FaultRule[]; seed: number }>('GET', '/_emulator/faults'),
  parity: () => call<{ data: ParityWarning[]; strict: boolean }>('GET', '/_emulator/parity'),
  scopes: () => call<ScopeReport>('GET', '/_emulator/scopes'),
  reportParity: (kind: 'notify-level', detail: string) => call<void>('POST', '/_emulator/parity', { kind, detail }),
  addFault: (rule: FaultRuleSpec) => call<FaultRule>('POST', '/_emulator/faults', rule),
  organizations: () => call<OrganizationsAnswer>('GET', '/_emulator/organizations'),
  organization: (orgId: string) =>
    call<OrganizationView>('GET', `/_emulator/organizations/${encodeURIComponent(orgId)}`),
  /** Installs the add-on in an organization, or changes its grant and who may use it. */
  install: (orgId: string, input: InstallationInput) =>
    call<Installation>('PUT', `/_emulator/organizations/${encodeURIComponent(orgId)}/installation`, input),
  uninstall: (orgId: string) =>
    call<{ subscriptionsRemoved: number }>(
      'DELETE',
      `/_emulator/organizations/${encodeURIComponent(orgId)}/installation`,
    ),
  coverage: () => call<CoverageNow>('GET', '/_emulator/coverage'),
  /**
   * `keepalive` as the page goes away: the request outlives it. Not sendBeacon, whose body cannot
   * be sent as application/json, the only type the control API takes.
   */
  reportBridge: (report: BridgeReport, keepalive: boolean) =>
    call<void>('POST', '/_emulator/coverage/bridge', report, { keepalive }),
  clearFaults: (id?: string) =>
    call<{ cleared: number }>('DELETE', id ? `/_emulator/faults/${encodeURIComponent(id)}` : '/_emulator/faults'),
};
