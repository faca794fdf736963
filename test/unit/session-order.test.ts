import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSessionOrder, issuedBefore } from '../../src/auth/session-order.js';

/** zod's UUIDv7: RFC 9562's shape with version 7 and variant 10. */
const UUID_V7 = z.uuid({ version: 'v7' });
const MS = Date.parse('2026-03-02T10:00:00.000Z');

/** The Unix milliseconds a UUIDv7 carries in its first 48 bits. */
const msOf = (uuid: string) => parseInt(uuid.slice(0, 8) + uuid.slice(9, 13), 16);

describe('the order sessions are issued in (jti)', () => {
  it('is a UUIDv7 that a standard validator accepts, carrying real time in its first 48 bits', () => {
    const order = createSessionOrder(() => MS);
    const jti = order.next();
    expect(UUID_V7.safeParse(jti).success, jti).toBe(true);
    expect(msOf(jti)).toBe(MS);
    expect(UUID_V7.safeParse(randomUUID()).success).toBe(false); // a v4 is not
  });

  it('sorts in the order of issue within one millisecond, past the 4096 its counter holds, and across milliseconds', () => {
    let now = MS;
    const order = createSessionOrder(() => now);
    const issued = Array.from({ length: 5000 }, () => order.next());
    now += 1;
    issued.push(order.next(), order.next());
    expect([...issued].sort()).toEqual(issued);
    expect(new Set(issued).size).toBe(issued.length);
    expect(issued.every((jti) => UUID_V7.safeParse(jti).success)).toBe(true);
    // The 4097th of a millisecond borrows the next one, which then carries on from there.
    expect(msOf(issued[4095])).toBe(MS);
    expect(msOf(issued[4096])).toBe(MS + 1);
    for (let i = 1; i < issued.length; i++) expect(issuedBefore(issued[i - 1], issued[i])).toBe(true);
    expect(issuedBefore(issued[1], issued[0])).toBe(false);
    expect(issuedBefore(issued[0], issued[0])).toBe(false);
  });

  it('never goes back when real time does, nor below an order kept from before', () => {
    let now = MS;
    const order = createSessionOrder(() => now);
    const first = order.next();
    now -= 60_000;
    const second = order.next();
    expect(issuedBefore(first, second)).toBe(true);

    const restarted = createSessionOrder(() => now);
    restarted.keepAfter(second);
    restarted.keepAfter(first); // an older one changes nothing
    const third = restarted.next();
    expect(issuedBefore(second, third)).toBe(true);
    expect(UUID_V7.safeParse(third).success).toBe(true);
  });

  it('counts a jti that is not a UUIDv7 (a token of an older kit) as issued before any mark', () => {
    const mark = createSessionOrder(() => 0).next();
    expect(issuedBefore(randomUUID(), mark)).toBe(true);
    expect(issuedBefore('not-a-uuid', mark)).toBe(true);
  });
});
