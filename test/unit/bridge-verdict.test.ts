import { describe, expect, it } from 'vitest';
import { bridgeVerdict } from '../../src/check/bridge-verdict.js';
import type { Seen } from '../../src/check/frame-seen.js';
import type { HostPage } from '../../src/testing/host-page.js';

/** The host's log as the verdict reads it: nothing listed, and these drops told so far. */
const hostTold = (overRate: number): HostPage['messages'] => ({
  list: () => [],
  count: () => 0,
  dropped: () => ({ overRate, overSize: 0, outOfLog: 0 }),
  waitFor: () => Promise.reject(new Error('not waited on here')),
});

/** `n` notifies posted `gapMs` apart, the first 100 reported one by one and the rest counted, as frame-watch does. */
function posted(n: number, gapMs: number): Seen[] {
  const one = (i: number): Seen => ({
    kind: 'post',
    type: 'service:notify',
    targetOrigin: 'http://host',
    t: i * gapMs,
    at: 0,
  });
  const each = Array.from({ length: Math.min(n, 100) }, (_, i) => one(i));
  if (n <= 100) return each;
  const counted = [{ kind: 'post' as const, type: 'service:notify', targetOrigin: 'http://host', count: n - 100 }];
  return [...each, { kind: 'counts', counted, lastPostT: (n - 1) * gapMs, at: 0 }];
}

describe("page.bridge-limits' verdict", () => {
  it('finds a flood in the frame’s own counts before the host has told of any drop', () => {
    const verdict = bridgeVerdict(posted(20_000, 0.02), hostTold(0));
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence).toEqual([
      '20,000 message(s) to the host in 400 ms: service:notify 20,000',
      "a flood: the bridge's rate (100 a second, in bursts of up to 200) admits 239 in that time",
    ]);
  });

  it('names the host’s drops when it told them', () => {
    const verdict = bridgeVerdict(posted(20_000, 0.02), hostTold(19_760));
    expect(verdict.evidence[1]).toBe(
      "a flood: the host dropped 19,760 of them over the bridge's rate (100 a second, in bursts of up to 200)",
    );
  });

  it('passes what the rate admits: a burst, then 100 a second', () => {
    expect(bridgeVerdict(posted(200, 0), hostTold(0)).status).toBe('pass');
    expect(bridgeVerdict(posted(1_000, 10), hostTold(0)).status).toBe('pass');
    expect(bridgeVerdict(posted(1_000, 5), hostTold(0)).status).toBe('fail');
  });
});
