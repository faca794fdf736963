import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditLog } from '../audit/audit-log.js';
import { errorCode, keptBody } from '../audit/call-detail.js';
import type { RateDecision, RateLimiter } from '../auth/rate-limit.js';
import { covers } from '../auth/scopes.js';
import type { SessionClaims, TokenService } from '../auth/tokens.js';
import type { Clock, Timers } from '../common/clock.js';
import type { FaultRule } from '../faults/fault-rule.js';
import type { FaultSet } from '../faults/fault-set.js';
import { applyFault, useAfterWrite, type AppliedFault } from './fault-effects.js';
import { API_PREFIX } from '../sdk/browser/addresses.js';
import { ApiError } from '../common/errors.js';
import { answerRate } from './rate-limit-answer.js';
import type { WorldGate } from '../state/world-gate.js';
import { useWorldGate } from './world-gate-hook.js';
import type { AnswerObserver } from './answer-observer.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionClaims | null;
    audit: PendingAudit | null;
    /** The fault rule whose status replaces this call's answer once its write is done. */
    afterWrite: FaultRule | null;
  }
  interface FastifyContextConfig {
    /** The scope a route requires (spec 5.2); routes without one need only a valid token. */
    scope?: string;
    /** Served without a token (the event catalog, the OpenAPI document). */
    public?: boolean;
  }
}

type Done = (error?: Error) => void;

/**
 * A call refused before the audit log (spec order: token, rate limit, audit): a 401 of the token
 * check or a 429 of the rate limit. Never the token; the path without its query.
 */
export interface Refusal {
  /** Emulated time the request arrived. */
  at: string;
  requestId: string;
  method: string;
  path: string;
  status: 401 | 429;
  code: string;
  /** The error body's message: why, in words. */
  reason: string;
}

interface PendingAudit {
  time: string;
  required: string | null;
  decision: 'granted' | 'denied' | 'not_required';
  faults?: AppliedFault[];
  /** The error body's code, read as the answer is sent. */
  code?: string;
  /** A 429's Retry-After seconds, read as the answer is sent. */
  retryAfter?: number;
}

export interface PipelineDeps {
  gate: WorldGate;
  tokens: TokenService;
  limiter: RateLimiter;
  audit: AuditLog;
  clock: Clock;
  timers: Timers;
  faults: FaultSet;
  /**
   * The scopes a verified session may use now (the installation in force: docs/installations.md), or
   * a 401 when the add-on was uninstalled or the user's access removed since the token was minted.
   */
  sessionScopes: (session: SessionClaims) => string[];
  /** Told of each call refused before the audit log (a 401, a 429), for the `addon dev` terminal. */
  refused?: (refusal: Refusal) => void;
  /** What is told each answer (request-path.ts step 8): coverage; null when it is off. */
  answers: AnswerObserver | null;
}

/**
 * Every request to the add-on API passes, in the spec's order: session token validation, rate limit,
 * audit logging, scope enforcement, all as the request arrives, before its body is even read: a
 * caller without the scope learns that first, whatever it sent. Then the fault rules (docs/faults.md):
 * only a call the platform would serve can be faulted, and a faulted call has counted against the
 * rate limit like any other. Last, before the handler, a call waits while a scenario runs. The audit
 * line is written when the answer is sent (so it has the status and duration), for every request that
 * passed the rate limit.
 */
export function usePipeline(app: FastifyInstance, deps: PipelineDeps): void {
  const { gate, tokens, limiter, audit, clock, timers, faults, refused, sessionScopes, answers } = deps;
  app.decorateRequest('session', null);
  app.decorateRequest('audit', null);
  app.decorateRequest('afterWrite', null);

  // Callback hooks, not async ones: a call with a token verified before (the common case) passes the
  // whole pipeline without a promise or a turn of the event loop (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.public || request.method === 'OPTIONS') return done();
    try {
      const token = bearerToken(request);
      const known = tokens.known(token);
      if (known) return admit(request, reply, known, done);
      tokens.verify(token).then(
        (session) => admit(request, reply, session, done),
        (error: Error) => refuse(request, error, done),
      );
    } catch (error) {
      refuse(request, error as Error, done);
    }
  });

  /** The token check's 401: told, then answered. */
  const refuse = (request: FastifyRequest, error: Error, done: Done) => {
    tell(request, error);
    done(error);
  };

  /**
   * A 401 of the token check, or a 429 of the rate limit, told to `refused`: refused before its audit
   * entry was begun, the call never reaches the audit log.
   */
  const tell = (request: FastifyRequest, error: Error) => {
    if (!refused || request.audit || !(error instanceof ApiError)) return;
    const status = error.statusCode;
    if (status !== 401 && status !== 429) return;
    const path = request.url.split('?')[0];
    const { method, id: requestId } = request;
    refused({ at: clock.nowIso(), requestId, method, path, status, code: error.code, reason: error.message });
  };

  /** The installation in force, rate limit, audit, scope, then the fault rules, for a verified session. */
  const admit = (request: FastifyRequest, reply: FastifyReply, verified: SessionClaims, done: Done) => {
    try {
      // Part of the token check: a session ends with the installation or the user's access, and
      // carries no scope its organization's admin has since taken away.
      const scopes = sessionScopes(verified);
      const session = scopes === verified.scopes ? verified : { ...verified, scopes };
      request.session = session;
      const rate = limitRate(limiter, session, reply);
      const pending: PendingAudit = { time: clock.nowIso(), required: null, decision: 'not_required' };
      request.audit = pending;
      const required = request.routeOptions.config.scope;
      if (required) requireScope(request, required);
      const path = () => request.url.slice(API_PREFIX.length).split('?')[0];
      const fault = faults.forApi({ method: request.method, path, orgId: session.orgId });
      if (!fault) return done();
      // A call left unanswered has no onResponse: its audit line and its coverage are written here.
      const auditUnanswered = () => {
        answers?.dropped(request);
        record(request, 0);
      };
      // Into the entry itself: a call the fault leaves unanswered is audited (and let go) meanwhile.
      applyFault(fault, request, reply, { clock, timers, rate, auditUnanswered }).then((applied) => {
        pending.faults = applied;
        done();
      }, done);
    } catch (error) {
      // The rate limit's 429 comes before the audit entry is begun; a 403 of the scope, after.
      tell(request, error as Error);
      done(error as Error);
    }
  };
  useAfterWrite(app);

  // Last, just before the route's handler: a call waits while a scenario runs.
  useWorldGate(app, gate);

  const record = (request: FastifyRequest, status: number, durationMs = 0) => {
    const { session, audit: pending } = request;
    if (!session || !pending) return;
    request.audit = null; // one line per call, also when a hang is closed later
    audit.append({
      time: pending.time,
      requestId: request.id,
      appId: session.appId,
      orgId: session.orgId,
      userId: session.userId,
      tokenId: session.jti,
      method: request.method,
      path: request.url,
      status,
      scope: { required: pending.required, decision: pending.decision },
      durationMs,
      ...keptBody(request.body),
      ...(pending.code ? { code: pending.code } : {}),
      ...(pending.faults ? { faults: pending.faults } : {}),
      ...(pending.retryAfter !== undefined ? { retryAfter: pending.retryAfter } : {}),
    });
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.audit) request.audit.code = errorCode(reply.statusCode, payload);
    if (request.audit && reply.statusCode === 429) request.audit.retryAfter = Number(reply.getHeader('retry-after'));
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    record(request, reply.statusCode, Math.round(reply.elapsedTime * 100) / 100);
    done();
  });
}

/** The verified session of a request that passed the pipeline: what every authenticated route reads. */
export function sessionOf(request: FastifyRequest): SessionClaims {
  if (!request.session) throw new Error('sessionOf runs after the session is verified');
  return request.session;
}

function limitRate(limiter: RateLimiter, session: SessionClaims, reply: FastifyReply): RateDecision {
  const rate = limiter.hit(`${session.appId}\n${session.orgId}`);
  answerRate(reply, rate);
  return rate;
}

/**
 * Scope enforcement, recorded in the audit entry. Routes name their scope in their config; a route
 * whose scope depends on the body (subscribing to an event) calls this from its handler.
 * Spec 2.6: a 403 names the scope required and the scopes granted.
 */
export function requireScope(request: FastifyRequest, required: string): void {
  const { session, audit } = request;
  if (!session || !audit) throw new Error('requireScope runs after the session is verified');
  audit.required = required;
  audit.decision = covers(session.scopes, required) ? 'granted' : 'denied';
  if (audit.decision === 'granted') return;
  const message = `this call needs the scope ${required}, which the add-on was not granted`;
  throw new ApiError(403, 'insufficient_scope', message, { requiredScope: required, grantedScopes: session.scopes });
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw new ApiError(401, 'missing_token', 'send the session token as Authorization: Bearer <token>');
  const match = /^Bearer +(\S+)$/i.exec(header);
  if (!match) throw new ApiError(401, 'malformed_authorization', 'the Authorization header must be "Bearer <token>"');
  return match[1];
}
