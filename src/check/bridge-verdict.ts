import { BRIDGE_RATE, sayCount } from '../bridge/bridge-budget.js';
import { BRIDGE_BURST, BRIDGE_PER_SECOND, MAX_BRIDGE_MESSAGE_CHARS } from '../common/limits.js';
import type { HostPage } from '../testing/host-page.js';
import { listedOf, postsSeen, type PostsSeen, type Seen } from './frame-seen.js';
import { fail, pass, type Verdict } from './verdict.js';

const LIMITS = `the bridge's limits (${sayCount(MAX_BRIDGE_MESSAGE_CHARS)} characters of JSON a message; ${BRIDGE_RATE})`;

/**
 * page.bridge-limits (docs/check.md#pagebridge-limits): what the page posted while loading, as the
 * frame saw it (how many, in how long, of which types), against what the host refused of it: a
 * message over the size limit, or a flood: the host dropped messages over the rate, or the frame
 * posted more than the rate admits in the time it took (what the host has not told yet).
 */
export function bridgeVerdict(events: Seen[], messages: HostPage['messages']): Verdict {
  const posts = postsSeen(events);
  const { overRate, overSize } = messages.dropped();
  const posted = posts.count
    ? `${sayCount(posts.count)} message(s) to the host in ${duration(posts.spanMs)}: ${byType(posts)}`
    : 'no message to the host was seen through window.parent';
  const flooded = overRate > 0 || posts.count > admitted(posts.spanMs);
  if (!flooded && !overSize) return pass(posted, `none over ${LIMITS}`);
  const oversize = messages
    .list()
    .filter((m) => m.over === 'size')
    .map((m) => m.warning ?? '');
  return fail(
    posted,
    ...(overSize ? listedOf(oversize, overSize, 'over the size limit in all') : []),
    ...(overRate
      ? [`a flood: the host dropped ${sayCount(overRate)} of them over the bridge's rate (${BRIDGE_RATE})`]
      : flooded
        ? [`a flood: the bridge's rate (${BRIDGE_RATE}) admits ${sayCount(admitted(posts.spanMs))} in that time`]
        : []),
  );
}

/** The most messages the host's token bucket takes in `spanMs`: its burst, and its rate over the time. */
const admitted = (spanMs: number): number => BRIDGE_BURST + Math.floor((BRIDGE_PER_SECOND * spanMs) / 1000);

/** The types posted, the most first: `service:notify 20,000, service:ready 1`. */
function byType(posts: PostsSeen): string {
  const counts = new Map<string, number>();
  for (const row of posts.rows)
    counts.set(row.type || '(no type)', (counts.get(row.type || '(no type)') ?? 0) + row.count);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]).map(([type, count]) => `${type} ${sayCount(count)}`);
  return listedOf(sorted, undefined, 'types').join(', ');
}

const duration = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
