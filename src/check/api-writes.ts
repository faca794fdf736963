import type { AuditEntry } from '../audit/audit-log.js';

/** How long the audit log must stay quiet before an action's effects count as done, and the most to wait. */
const QUIET_MS = 250;
const MOST_MS = 3000;

/** An API call that changes something: what a receiver's handling of an event shows as. */
export const isWrite = (entry: AuditEntry): boolean => entry.method !== 'GET' && entry.method !== 'HEAD';

/**
 * The add-on's API writes made while `work` runs and until the audit log has been quiet for a
 * moment after it: a receiver may write after it answered. Real time, not the emulated clock: this
 * waits on another process, whose work no clock of ours moves.
 */
export async function writesDuring<T>(
  onAudit: (listener: (entry: AuditEntry) => void) => () => void,
  work: () => Promise<T>,
): Promise<{ result: T; writes: AuditEntry[] }> {
  const writes: AuditEntry[] = [];
  let last = performance.now();
  const stop = onAudit((entry) => {
    last = performance.now();
    if (isWrite(entry)) writes.push(entry);
  });
  try {
    const result = await work();
    const deadline = performance.now() + MOST_MS;
    last = Math.max(last, performance.now());
    while (performance.now() - last < QUIET_MS && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 5));
    return { result, writes };
  } finally {
    stop();
  }
}

export const describeWrites = (writes: AuditEntry[]): string =>
  writes.length ? writes.map((w) => `${w.method} ${w.path} → ${w.status}`).join(', ') : 'none';
