import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AuditEntry } from '../audit/audit-log.js';
import type { Clock, Timers } from '../common/clock.js';
import type { FaultRuleSpec } from '../faults/fault-rule.js';
import type { FaultSet } from '../faults/fault-set.js';
import type { ParityLog } from '../parity/parity-log.js';
import type { ControlTarget } from '../control/control-api.js';
import type { ResourceDefinition } from '../domain/resource.js';
import type { CoverageSource } from '../coverage/coverage-file.js';
import type { Logger } from '../common/logger.js';
import type { AttemptReport, DisabledReport } from '../webhooks/dispatcher.js';
import type { Transport } from '../webhooks/http-attempt.js';
import type { Refusal } from '../api/pipeline.js';
import type { StateFile } from '../state/state-file.js';
import type { Checkpoint } from '../state/world.js';
import type { EmulatorSettings, SettingsInput } from '../installations/settings.js';

// The emulator's public types, apart from the function that makes one (./create-emulator.ts): the
// part builders (./*-part.ts) and ./internals.ts name them without importing the composition root.

/**
 * The settings (with `organizations` as configured: docs/installations.md), and how and where the
 * emulator runs.
 */
export interface EmulatorOptions extends SettingsInput {
  /** Where the store, keys and audit log live; without it everything stays in memory (`--ephemeral`). */
  dataDir?: string;
  /** Default 4455; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Fill the organization with sample data when it has none. */
  seed?: boolean;
  /** The emulated clock; by default real time plus the offset saved in the data dir. */
  clock?: Clock;
  /** The real-time waits beside the clock (retry timers, receiver timeouts); by default Node's timers. */
  timers?: Timers;
  /** What webhook deliveries are sent through: node:http by default; a seam for the kit's tests. */
  webhookTransport?: Transport;
  /** How long a webhook receiver has to answer (spec 8: 10 s, the default), 100 ms to 10 minutes. */
  webhookTimeoutMs?: number;
  /** With no add-on URL configured, serve the bundled demo add-on on a port of its own. */
  demo?: boolean;
  /** Webhook subscriptions of the add-on in its organization, made (or renewed) on start: `webhooks` of addon.config.json. */
  webhooks?: Array<{ event: string; url: string }>;
  /** The business resources served; the platform's own (RESOURCES) by default. */
  resources?: readonly ResourceDefinition[];
  /** Where failures no caller waits for are told; by default a process warning. */
  logger?: Logger;
  /** Fault rules in force from the start (docs/faults.md). */
  faults?: FaultRuleSpec[];
  /** Seeds the random source of the rules' probabilities; a random one (in `status()`) by default. */
  faultSeed?: number;
  /**
   * The world to start from, and the one `reset()` goes back to: a state file's content, or its path
   * (`addon dev --import`). It replaces what the data dir holds; it is checked whole first.
   */
  state?: StateFile | string;
  /**
   * Refuse what the platform would refuse, where the emulator otherwise serves it with a parity
   * warning: an http: webhook URL, a notify level the spec does not show, a webhook timeout above 10 s.
   */
  strict?: boolean;
  /**
   * Take an http: webhook URL of this machine (localhost, 127.0.0.0/8, [::1]) for what a local
   * receiver is, as the built-in inbox is: no parity warning, no strict refusal. `addon check` judges
   * the receiver the add-on runs here, and cannot see the HTTPS URL it registers in production.
   */
  localReceivers?: boolean;
  /**
   * What it met of the platform's surface is recorded always (docs/coverage.md); with `dir`, written
   * there as a coverage file when it closes, saying who wrote it (`source`: `startEmulator` unless
   * told). `false`: nothing recorded at all (the benchmark's baseline).
   */
  coverage?: false | { dir?: string; source?: CoverageSource };
  /**
   * Make the HTTP app (fastify, the routes) when it is first needed (a request, `inject`) rather than
   * before this resolves; `listen()` binds at once either way, and requests that come first wait for
   * it. `addon exec`: its command may end without a request. Not with a coverage dir (the file names
   * every operation, which the routes tell) or on `localhost` (fastify binds both loopbacks there).
   */
  httpOnDemand?: boolean;
}

/**
 * The emulator as the CLI, the test harness, the control API and package users drive it. What it is
 * made of (domain, webhooks, time rules) is not on it: the kit's own tests reach that through
 * `internalsOf` (./internals.ts).
 */
export interface Emulator extends ControlTarget {
  /** What is emulated; fixed once the emulator is made. */
  readonly settings: EmulatorSettings;
  readonly dataDir: string | null;
  readonly clock: Clock;
  /** `http://127.0.0.1:4455`; empty until listening. */
  readonly url: string;
  readonly apiUrl: string;
  /** Where the add-on's page is served: the configured URL, or the demo add-on's while it runs. */
  readonly addonUrl: string | null;
  /**
   * The host page's address: the emulator's, on a site other than the add-on's, so that its frame is
   * cross-site as in production (emulator/host-page-origin.ts); empty until listening.
   */
  readonly hostPageUrl: string;
  /** Starts serving; resolves with the URL. */
  listen(): Promise<string>;
  /** Stops serving and flushes the store; safe to call twice. */
  close(): Promise<void>;
  /**
   * Back to the start: the `state` the emulator started from, else an empty world whose clock keeps
   * its time. Deliveries, the inbox and rate windows are dropped; keys stay (issued tokens keep
   * verifying), and so do the sessions that ended (docs/installations.md#ended-sessions-stay-ended). A webhook attempt in flight still reaches its receiver, but its outcome is not logged.
   */
  reset(): Promise<void>;
  /** This moment, whole (records, subscriptions, counters, clock, deliveries), to `rollback` to: in memory, cheap. */
  checkpoint(): Checkpoint;
  /** Back to a checkpoint, as many times as wanted; an attempt in flight is not logged afterwards. */
  rollback(checkpoint: Checkpoint): Promise<void>;
  /** The fault rules in force: `add(rule)`, `list()`, `clear(id?)`, and the `seed`. */
  readonly faults: FaultSet;
  /** The parity warnings so far (docs/parity.md), and whether `strict` refuses instead. */
  readonly parity: ParityLog;
  /** The bundled demo add-on's URL while it is served (option `demo`). */
  readonly demoUrl: string | null;
  /** Calls `listener` with every API call that passed the rate limit (its audit entry). */
  onAudit(listener: (entry: AuditEntry) => void): () => void;
  /**
   * Calls `listener` with every API call refused before the audit log: a 401 of the token check, a 429
   * of the rate limit (the path without its query; never the token).
   */
  onRefused(listener: (refusal: Refusal) => void): () => void;
  /** Calls `listener` after every webhook delivery attempt (a `duplicate` rule's second send too). */
  onDelivery(listener: (report: AttemptReport) => void): () => void;
  /** Calls `listener` when a subscription is disabled because a delivery's third attempt failed. */
  onSubscriptionDisabled(listener: (report: DisabledReport) => void): () => void;
  /** In-process requests, without a socket (fastify's inject). */
  inject(request: InjectOptions | string): Promise<LightMyRequestResponse>;
}
