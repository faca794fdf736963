import type { Emulator } from '../emulator/emulator.js';
import type { FaultRuleSpec } from '../faults/fault-rule.js';
import { parseDuration } from '../common/duration.js';
import type { AttemptOutcome } from '../webhooks/http-attempt.js';
import {
  alteredBody,
  missingSignature,
  wrongSignature,
  type CraftedRequest,
  type Envelope,
} from '../check/delivery-variants.js';
import { apiCallOf, callBackend, type ApiCall, type HandedTokens, type PageCall } from './backend-calls.js';
import { reinstall, revokeReadScope } from './install-steps.js';
import { createRecord, deleteRecord, moveRecord } from './record-steps.js';
import { LATE_BY, type Forgery, type Step } from './steps.js';

/** One request a receiver got during a run, and how it answered. */
export interface Send {
  /** The step it happened in (a retry or a late delivery happens in the step that moved the clock). */
  step: number;
  event: string;
  deliveryId: string;
  /** The envelope's `data`: what a team's invariant scopes itself to (the records of this run). */
  data: Record<string, unknown>;
  attempt: number;
  /** A forgery of a delivery, which a receiver must refuse; null for what the platform sent. */
  forged: Forgery | null;
  outcome: AttemptOutcome;
}

/**
 * What a run needs of its surroundings: the emulator, a way to post a forged request to a receiver,
 * the add-on's subscribing of its receivers, which a reinstall asks of it again, and the backend's
 * URL its page calls, if any.
 */
export interface RunContext {
  emulator: Emulator;
  post(url: string, request: CraftedRequest): Promise<AttemptOutcome>;
  subscribe(): Promise<void>;
  backendUrl?: string;
}

/** What a run saw so far: the receivers' requests, the page's calls of its backend, the backend's API calls. */
export interface Run {
  sends: Send[];
  pages: PageCall[];
  calls: ApiCall[];
}

const FORGE: Record<Forgery, typeof wrongSignature> = {
  'wrong-signature': wrongSignature,
  'missing-signature': missingSignature,
  'altered-body': alteredBody,
};

/**
 * Runs `steps` against the emulator's world as it is, telling `after` each step's number and what
 * the run saw so far once the step's deliveries are all answered; stops early when `after` says so
 * (a violation was found). What it saw is returned, each list in the order it happened.
 */
export async function runSequence(
  context: RunContext,
  steps: readonly Step[],
  after: (step: number, run: Readonly<Run>) => Promise<boolean>,
): Promise<Run> {
  const { emulator } = context;
  const run: Run = { sends: [], pages: [], calls: [] };
  const tokens: HandedTokens = new Map();
  let current = 0;
  const stopDeliveries = emulator.onDelivery(({ delivery, attempt }) => {
    const { deliveryId, event } = delivery;
    const { data } = JSON.parse(delivery.payload) as Envelope;
    const outcome = attempt;
    run.sends.push({ step: current, event, deliveryId, data, attempt: attempt.attempt, forged: null, outcome });
  });
  const stopAudit = emulator.onAudit((entry) => {
    const call = apiCallOf(entry, tokens, current);
    if (call) run.calls.push(call);
  });
  try {
    for (; current < steps.length; current++) {
      await perform(context, steps[current]!, { run, step: current, tokens });
      await emulator.idle();
      if (await after(current, run)) break;
    }
  } finally {
    stopDeliveries();
    stopAudit();
  }
  return run;
}

/** Where a step is: the run so far, its number, the tokens handed to the backend. */
interface At {
  run: Run;
  step: number;
  tokens: HandedTokens;
}

/** Does what `step` says. */
async function perform(context: RunContext, step: Step, at: At): Promise<void> {
  const { emulator, subscribe, backendUrl } = context;
  switch (step.do) {
    case 'deliver':
      await emulator.trigger(step.event);
      return;
    case 'duplicate':
      return withRule(emulator, { target: 'webhooks', event: step.event, duplicate: true, times: 1 }, step.event);
    case 'late':
      return withRule(emulator, { target: 'webhooks', event: step.event, delay: LATE_BY, times: 1 }, step.event);
    case 'together':
      await Promise.all(step.events.map((event) => emulator.trigger(event)));
      return;
    case 'forge':
      return forge(step.how, context, at);
    case 'advance':
      await emulator.advanceClock(parseDuration(step.by));
      return;
    case 'create':
      await createRecord(emulator, step.resource, step.sample);
      return;
    case 'move':
      return moveRecord(emulator, step.resource, step.pick);
    case 'delete':
      return deleteRecord(emulator, step.resource);
    case 'reinstall':
      return reinstall(emulator, subscribe);
    case 'revoke':
      return revokeReadScope(emulator, step.resource);
    case 'call':
      // A call step is only ever run with a backend: stepProblem refuses one without.
      at.run.pages.push(await callBackend(emulator, { backendUrl: backendUrl!, fault: step.fault, ...at }));
      return;
  }
}

/** Fires `event` with a webhooks fault rule in force for it alone, then takes the rule away. */
async function withRule(emulator: Emulator, rule: FaultRuleSpec, event: string): Promise<void> {
  const { id } = emulator.faults.add(rule);
  try {
    await emulator.trigger(event);
  } finally {
    emulator.faults.clear(id);
  }
}

/** Posts a forgery of the newest genuine delivery to its receiver; nothing when none was sent yet. */
async function forge(how: Forgery, { emulator, post }: RunContext, { run: { sends }, step }: At): Promise<void> {
  const newest = sends.findLast((send) => send.forged === null);
  if (!newest) return;
  const delivery = emulator.delivery(newest.deliveryId);
  const basis = { envelope: JSON.parse(delivery.payload) as Envelope, event: delivery.event, appId: delivery.appId };
  const request = FORGE[how](basis);
  const outcome = await post(delivery.webhookUrl, request);
  const { deliveryId } = JSON.parse(request.body) as Envelope;
  const { data } = basis.envelope;
  sends.push({ step, event: delivery.event, deliveryId, data, attempt: 1, forged: how, outcome });
}
