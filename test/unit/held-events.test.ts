import { describe, expect, it } from 'vitest';
import { createHeldEvents, type HeldEvent, type Hold } from '../../src/webhooks/held-events.js';
import type { EventDefinition } from '../../src/domain/catalog.js';

/** An emit the test answers one event at a time, noting the order the events went out in. */
function controlled() {
  const sent: string[] = [];
  const pending: Array<() => void> = [];
  const emit = (event: HeldEvent) =>
    new Promise<void>((resolve) => {
      sent.push(event.orgId);
      pending.push(resolve);
    });
  const answerOne = async () => {
    await expect.poll(() => pending.length).toBeGreaterThan(0);
    pending.shift()!();
  };
  return { sent, emit, answerOne };
}

const event = (name: string): HeldEvent => ({
  orgId: name,
  definition: {} as EventDefinition,
  data: {},
  at: '2026-01-01T00:00:00.000Z',
});

/** A hold begun, with events of these names pushed under it. */
function holding(held: ReturnType<typeof createHeldEvents>, ...names: string[]): Hold {
  const hold = held.hold();
  for (const name of names) held.push(event(name));
  return hold;
}

describe('held events', () => {
  it('sends a hold’s events in order once released, queueing later ones behind them', async () => {
    const { sent, emit, answerOne } = controlled();
    const held = createHeldEvents(emit, () => {});
    const hold = holding(held, 'a', 'b');
    expect(sent).toEqual([]);
    let released = false;
    const release = hold.release().then(() => (released = true));
    expect(held.active).toBe(true);
    held.push(event('late')); // fired by a call while the run's events go out
    await answerOne();
    await answerOne();
    await release;
    expect(released).toBe(true);
    await answerOne();
    await held.drained();
    expect(sent).toEqual(['a', 'b', 'late']);
    expect(held.active).toBe(false);
  });

  it('lets a new hold begin while an earlier one drains, and stops the drain at its first event', async () => {
    const { sent, emit, answerOne } = controlled();
    const held = createHeldEvents(emit, () => {});
    const first = holding(held, '1a', '1b');
    const firstDone = first.release();
    const second = holding(held, '2a');
    await answerOne();
    await answerOne();
    await firstDone;
    expect(sent).toEqual(['1a', '1b']);
    second.discard();
    await held.drained();
    expect(sent).toEqual(['1a', '1b']);

    const third = holding(held, '3a');
    const thirdDone = third.release();
    await answerOne();
    await thirdDone;
    expect(sent).toEqual(['1a', '1b', '3a']);
  });

  it('drops a discarded hold’s events, and a failed send does not stop the queue', async () => {
    const failures: unknown[] = [];
    const sent: string[] = [];
    const held = createHeldEvents(
      async (e) => {
        sent.push(e.orgId);
        if (e.orgId === 'bad') throw new Error('receiver unreachable');
      },
      (error) => failures.push(error),
    );
    const dropped = holding(held, 'gone');
    dropped.discard();
    const kept = holding(held, 'bad', 'good');
    await kept.release();
    expect(sent).toEqual(['bad', 'good']);
    expect(failures).toHaveLength(1);
  });
});
