import { UserError } from '../common/errors.js';
import { EXPLORE_INVARIANT_MS } from '../common/limits.js';
import { atLeastOnePer, atMostOnePer } from './invariant-helpers.js';
import type { InvariantView, TeamInvariants, Violation } from './invariants.js';
import type { Emulator } from '../emulator/emulator.js';
import type { Run } from './run-sequence.js';

/**
 * The first of the team's invariants that the sends so far break, each given EXPLORE_INVARIANT_MS of
 * real time. One that throws or returns a string is broken (its words the message: `assert` works);
 * one that does not return in time stops the exploration with a line naming it, since no verdict
 * of a hung predicate means anything.
 */
export async function teamViolation(
  invariants: TeamInvariants,
  { sends, calls }: Readonly<Run>,
  { emulator, backendUrl, final }: { emulator: Emulator; backendUrl: string | undefined; final: boolean },
): Promise<Violation | null> {
  const genuine = (event: string | undefined, ok: boolean) =>
    sends.filter((send) => !send.forged && (!event || send.event === event) && (!ok || send.outcome.ok));
  const view: InvariantView = {
    // Copies of its own: what a predicate does to its view never reaches the judging or the report.
    sends: structuredClone(sends),
    calls: structuredClone(calls),
    records: (resource) =>
      structuredClone(emulator.records(resource, { limit: Infinity, offset: 0, order: 'newest' }).data),
    backend: (path) => readBackend(backendUrl, path),
    delivered: (field, event) => genuine(event, false).map((send) => send.data[field]),
    answered: (field, event) => genuine(event, true).map((send) => send.data[field]),
    final,
    atMostOnePer,
    atLeastOnePer,
  };
  for (const [name, check] of Object.entries(invariants)) {
    const said = await withinTime(name, async () => {
      try {
        const answer = await check(view);
        return typeof answer === 'string' ? answer : null;
      } catch (error) {
        if (error instanceof UserError) throw error;
        return error instanceof Error ? error.message : String(error);
      }
    });
    if (said !== null) return { invariant: name, spec: null, message: said };
  }
  return null;
}

async function withinTime<T>(name: string, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UserError(`the invariant "${name}" did not return within ${EXPLORE_INVARIANT_MS / 1000} s`)),
      EXPLORE_INVARIANT_MS,
    );
  });
  try {
    return await Promise.race([work(), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function readBackend(backendUrl: string | undefined, path: string): Promise<unknown> {
  if (!backendUrl) throw new UserError('an invariant read the backend, but no backendUrl is given (--backend-url)');
  const response = await fetch(new URL(path, backendUrl));
  if (!response.ok) throw new Error(`GET ${path} of the backend answered ${response.status}`);
  return response.json();
}
