import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateDecision } from '../auth/rate-limit.js';
import { tokenExpired } from '../auth/tokens.js';
import { toUnixSeconds, type Clock, type Timers } from '../common/clock.js';
import { ApiError } from '../common/errors.js';
import { describeEffect } from '../faults/effects.js';
import type { FaultRule } from '../faults/fault-rule.js';
import type { ApiFault } from '../faults/fault-set.js';
import { toErrorBody } from './error-body.js';
import { rateLimited } from './rate-limit-answer.js';

/** How long a `hang` holds a connection before the emulator closes it: clients give up sooner. */
export const HANG_LIMIT_MS = 120_000;

/** What the audit line says of the rules that touched a call. */
export interface AppliedFault {
  rule: string;
  effect: string;
}

export interface FaultContext {
  clock: Clock;
  timers: Timers;
  /** The call's rate-limit decision (it passed): a `rateLimited` fault answers with its window. */
  rate: RateDecision;
  /** Called for `reset` and `hang`, which send no answer, so no onResponse hook writes the audit line. */
  auditUnanswered(): void;
}

/**
 * Applies what the fault rules decided for a call that passed the token, rate-limit and scope
 * checks: first the latency, then the outcome. `afterWrite` only marks the call: its answer is
 * replaced once the route has done the write (`useAfterWrite`).
 */
export async function applyFault(
  fault: ApiFault,
  request: FastifyRequest,
  reply: FastifyReply,
  context: FaultContext,
): Promise<AppliedFault[]> {
  const applied: AppliedFault[] = [];
  if (fault.latency) {
    applied.push({ rule: fault.latency.rule.id, effect: `latency ${fault.latency.ms} ms` });
    await new Promise((resolve) => context.timers.set(() => resolve(null), fault.latency!.ms));
  }
  const rule = fault.outcome;
  if (!rule) return applied;
  applied.push({ rule: rule.id, effect: describeEffect({ ...rule, latency: undefined }) });
  request.audit!.faults = applied;
  if (rule.afterWrite !== undefined) request.afterWrite = rule;
  else if (rule.reset || rule.hang) unanswered(rule, request, reply, context);
  else throw outcomeError(rule, reply, context);
  return applied;
}

function outcomeError(rule: FaultRule, reply: FastifyReply, { rate, clock }: FaultContext): ApiError {
  if (rule.expiredToken) return tokenExpired();
  if (rule.rateLimited) return rateLimited(reply, rate.limit, Math.max(1, rate.reset - toUnixSeconds(clock.now())));
  return injected(rule.status!, rule);
}

/** The error of an injected status, in the platform's shape: its code is the status's name. */
function injected(status: number, rule: FaultRule): ApiError {
  const code = (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return new ApiError(status, code, `injected by fault rule ${rule.id} (addon faults)`);
}

/** `reset` destroys the connection now; `hang` leaves it open until the client gives up (bounded). */
function unanswered(rule: FaultRule, request: FastifyRequest, reply: FastifyReply, context: FaultContext): void {
  reply.hijack();
  context.auditUnanswered();
  const socket = request.raw.socket;
  if (rule.reset) return void socket.destroy();
  const timer = context.timers.set(() => socket.destroy(), HANG_LIMIT_MS);
  socket.once('close', () => context.timers.clear(timer));
}

/**
 * After the route did its write (and its events fired), the client gets the rule's status instead.
 * A callback hook, not an async one: it runs on every answer, and fastify runs those cheaper.
 */
export function useAfterWrite(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const rule = request.afterWrite;
    if (!rule || reply.statusCode >= 400) return done(null, payload);
    const error = toErrorBody(injected(rule.afterWrite!, rule));
    reply.code(error.statusCode).type('application/json');
    done(null, JSON.stringify(error));
  });
}
