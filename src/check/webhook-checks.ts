import type { Emulator } from '../emulator/create-emulator.js';
import { deliveryHeaders } from '../webhooks/delivery-request.js';
import { createHttpTransport, postOnce, type AttemptOutcome } from '../webhooks/http-attempt.js';
import { describeWrites, writesDuring } from './api-writes.js';
import { idsOf } from './check-list.js';
import type { CheckResult } from './check-result.js';
import {
  alteredBody,
  genuine,
  missingSignature,
  unknownFields,
  unusualFormatting,
  wrongSignature,
  type CraftedRequest,
  type DeliveryBasis,
  type Envelope,
} from './delivery-variants.js';
import { fail, judge, pass, resultOf, skip, type Verdict } from './verdict.js';

/** A webhook receiver of the add-on, and an event it is subscribed to. */
export interface Receiver {
  url: string;
  event: string;
}

const CONCURRENT = 10;

/**
 * The receiver checks (docs/check.md#webhook): one real delivery through the emulator's own
 * dispatcher, then variants of it posted directly, each under a new deliveryId but the duplicate.
 */
export async function webhookChecks(emulator: Emulator, receiver: Receiver): Promise<CheckResult[]> {
  const timeoutMs = emulator.status().webhookTimeoutMs;
  const http = createHttpTransport();
  const post = (request: CraftedRequest) =>
    postOnce(http.send, { url: receiver.url, ...request, timeoutMs, cancel: NEVER });
  try {
    return await judgeReceiver(emulator, receiver, post, timeoutMs);
  } finally {
    http.close();
  }
}

/** The checks of one receiver, each crafted request sent with `post`. */
async function judgeReceiver(
  emulator: Emulator,
  receiver: Receiver,
  post: (request: CraftedRequest) => Promise<AttemptOutcome>,
  timeoutMs: number,
): Promise<CheckResult[]> {
  const subject = `${receiver.event} → ${receiver.url}`;
  const first = await writesDuring(emulator.onAudit, () => deliverOnce(emulator, receiver));
  const { delivery, outcome } = first.result;
  const results = [
    resultOf(
      'webhook.valid-delivery',
      validVerdict(outcome, timeoutMs, describeWrites(first.writes)),
      outcome.durationMs,
      subject,
    ),
  ];
  const rest = idsOf('webhook').filter((id) => id !== 'webhook.valid-delivery');
  if (!outcome.response) {
    const reason = `the receiver did not answer the genuine delivery (${outcome.error})`;
    return [...results, ...rest.map((id) => resultOf(id, skip(reason), 0, subject))];
  }
  const basis: DeliveryBasis = {
    envelope: JSON.parse(delivery.payload) as Envelope,
    event: receiver.event,
    appId: delivery.appId,
  };

  results.push(
    await judge(
      'webhook.duplicate',
      () => duplicateVerdict(emulator, basis, delivery.payload, first.writes.length, post),
      subject,
    ),
  );
  for (const [id, craft] of REFUSALS)
    results.push(await judge(id, async () => refusedVerdict(await post(craft(basis))), subject));
  for (const [id, craft] of ACCEPTANCES)
    results.push(await judge(id, async () => acceptedVerdict(await post(craft(basis))), subject));
  results.push(await judge('webhook.concurrent', () => concurrentVerdict(basis, post, timeoutMs), subject));
  return results;
}

const NEVER = new AbortController().signal;

const REFUSALS: Array<[string, (basis: DeliveryBasis) => CraftedRequest]> = [
  ['webhook.wrong-signature', wrongSignature],
  ['webhook.missing-signature', missingSignature],
  ['webhook.altered-body', alteredBody],
];
const ACCEPTANCES: Array<[string, (basis: DeliveryBasis) => CraftedRequest]> = [
  ['webhook.raw-bytes', unusualFormatting],
  ['webhook.unknown-fields', unknownFields],
];

/** Fires the event through the emulator (the receiver is subscribed to it) and reads the first attempt. */
async function deliverOnce(emulator: Emulator, receiver: Receiver) {
  const { deliveries } = await emulator.trigger(receiver.event);
  await emulator.idle();
  const sent = deliveries.find((d) => d.webhookUrl === receiver.url);
  if (!sent) throw new Error(`no delivery of ${receiver.event} to ${receiver.url}: is it subscribed?`);
  const delivery = emulator.delivery(sent.deliveryId);
  const attempt = delivery.attempts[0];
  if (!attempt) throw new Error(`the delivery ${delivery.deliveryId} had no attempt`);
  return { delivery, outcome: attempt as AttemptOutcome };
}

const answered = (outcome: AttemptOutcome): string =>
  outcome.response
    ? `answered ${outcome.response.status} in ${Math.round(outcome.durationMs)} ms${outcome.response.body ? `: ${outcome.response.body.slice(0, 120)}` : ''}`
    : `no answer: ${outcome.error}`;

function validVerdict(outcome: AttemptOutcome, timeoutMs: number, writes: string): Verdict {
  const evidence = [`sent a genuine signed delivery; ${answered(outcome)}`, `API writes it caused: ${writes}`];
  if (outcome.ok) return pass(...evidence);
  if (!outcome.response)
    evidence.push(
      `the platform waits ${timeoutMs / 1000} s, then retries in 1 min, 5 min, and disables the subscription`,
    );
  return fail(...evidence);
}

function refusedVerdict(outcome: AttemptOutcome): Verdict {
  const status = outcome.response?.status;
  const evidence = [answered(outcome)];
  if (status !== undefined && status >= 400 && status < 500) return pass(...evidence);
  if (outcome.ok) evidence.push('a 2xx accepts a delivery anyone could have forged');
  return fail(...evidence);
}

function acceptedVerdict(outcome: AttemptOutcome): Verdict {
  return outcome.ok
    ? pass(answered(outcome))
    : fail(answered(outcome), 'the platform would count this as a failed delivery and retry it');
}

/** The very delivery again (same bytes, same deliveryId), as a retry after a lost answer is. */
async function duplicateVerdict(
  emulator: Emulator,
  basis: DeliveryBasis,
  payload: string,
  firstWrites: number,
  post: (request: CraftedRequest) => Promise<AttemptOutcome>,
): Promise<Verdict> {
  if (firstWrites === 0)
    return skip(
      'the first delivery caused no API write the emulator could see, so a second effect could not be either',
    );
  // Attempt 2, as the platform's retry of a delivery whose 2xx it never got.
  const request = { body: payload, headers: deliveryHeaders({ payload, event: basis.event, appId: basis.appId }, 2) };
  const again = await writesDuring(emulator.onAudit, () => post(request));
  const evidence = [
    `sent deliveryId ${basis.envelope.deliveryId} again; ${answered(again.result)}`,
    `API writes: first delivery ${firstWrites}, the repeat ${again.writes.length} (${describeWrites(again.writes)})`,
  ];
  return again.writes.length === 0 ? pass(...evidence) : fail(...evidence);
}

async function concurrentVerdict(
  basis: DeliveryBasis,
  post: (request: CraftedRequest) => Promise<AttemptOutcome>,
  timeoutMs: number,
): Promise<Verdict> {
  const outcomes = await Promise.all(Array.from({ length: CONCURRENT }, () => post(genuine(basis))));
  const late = outcomes.filter((o) => !o.ok);
  const slowest = Math.max(...outcomes.map((o) => o.durationMs));
  const evidence = [
    `${CONCURRENT} genuine deliveries at once: ${CONCURRENT - late.length} answered 2xx, slowest ${Math.round(slowest)} ms (limit ${timeoutMs / 1000} s)`,
    ...late.slice(0, 3).map(answered),
  ];
  return late.length ? fail(...evidence) : pass(...evidence);
}
