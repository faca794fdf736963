import type { AttemptReport } from '../webhooks/dispatcher.js';
import type { CoverageRecorder } from './recorder.js';
import type { EventOutcome } from './coverage-file.js';

/**
 * A webhook attempt in coverage's words: a delivery's first attempt `delivered`, a later one
 * `retried`, a `duplicate` rule's second send `duplicate`; and `answered 2xx` when the receiver did.
 */
export function recordDelivery(coverage: CoverageRecorder, { delivery, attempt }: AttemptReport): void {
  const outcome: EventOutcome = attempt.duplicate ? 'duplicate' : attempt.attempt === 1 ? 'delivered' : 'retried';
  coverage.hit('events', `${delivery.event} ${outcome}`);
  if (attempt.ok) coverage.hit('events', `${delivery.event} answered 2xx`);
}
