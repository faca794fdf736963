import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { fileError } from '../common/files/fs-errors.js';
import { createListeners } from '../common/listeners.js';
import { warningLogger, type Logger } from '../common/logger.js';
import { lineBatch } from '../common/line-batch.js';
import { createRing } from '../common/ring.js';

/** One line of `audit.log`: one call that passed the rate limit. Never the token, only its `jti`. */
export interface AuditEntry {
  time: string;
  requestId: string;
  appId: string;
  orgId: string;
  userId: string;
  tokenId: string;
  method: string;
  path: string;
  status: number;
  scope: { required: string | null; decision: 'granted' | 'denied' | 'not_required' };
  durationMs: number;
  /**
   * The JSON body sent, when there was one of at most MAX_AUDIT_BODY_CHARS characters: what the host
   * page's "Copy as" needs to make the same call again (src/snippets).
   */
  body?: unknown;
  /** The length of a JSON body too long to keep: no copy of the call is made (src/snippets). */
  bodyChars?: number;
  /** The error body's `code` of a 4xx or 5xx answer (`insufficient_scope`, `not_found`, ...). */
  code?: string;
  /** The fault rules that touched the call (docs/faults.md); status 0 means no answer was sent. */
  faults?: Array<{ rule: string; effect: string }>;
  /** A 429's `Retry-After`: the seconds the add-on is to wait before it calls again. */
  retryAfter?: number;
}

export interface AuditLog {
  append(entry: AuditEntry): void;
  /** The newest `limit` entries, newest first (as every list of what happened: deliveries, the inbox). */
  recent(limit: number): AuditEntry[];
  /** Calls `listener` with each new entry until the returned function is called. */
  subscribe(listener: (entry: AuditEntry) => void): () => void;
  close(): Promise<void>;
}

const KEEP = 1000;

/**
 * Appends one JSON line per call to `file` (when given) and keeps the newest entries in memory for
 * `addon logs` and live followers. On start it reads the tail of an existing file, so `addon logs`
 * after a restart still shows what came before.
 */
export async function openAuditLog(file?: string, logger: Logger = warningLogger): Promise<AuditLog> {
  // A ring, not an array trimmed at its front: a splice of the oldest out of 1,000 moved the other
  // 999 on every call, ~6 µs of each once the log was full (docs/performance.md).
  const ring = createRing<AuditEntry>(KEEP);
  if (file) for (const entry of await readTail(file)) ring.push(entry);
  const listeners = createListeners<AuditEntry>();
  const out = file ? batchedLines(file, logger) : null;
  let closed: Promise<void> | null = null;

  return {
    append(entry) {
      ring.push(entry);
      out?.add(JSON.stringify(entry) + '\n');
      listeners.emit(entry);
    },
    recent: (limit) => ring.since(ring.total - limit).reverse(),
    subscribe: (listener) => listeners.on(listener),
    close() {
      closed ??= (async () => {
        listeners.clear();
        await out?.end();
      })();
      return closed;
    },
  };
}

/**
 * `audit.log`'s lines, gathered into one write (line-batch.ts); `end()` writes the rest, then closes.
 * A write that fails (a full disk, the file's directory removed) is said once, and the file is left:
 * the emulator goes on serving, and its recent calls stay in memory for `addon logs`.
 */
function batchedLines(file: string, logger: Logger): { add(line: string): void; end(): Promise<void> } {
  const stream = createWriteStream(file, { flags: 'a' });
  let failed = false;
  stream.on('error', async (error) => {
    if (failed) return;
    failed = true;
    const said = await fileError(error, `cannot write ${file}`, file);
    logger.error(`${said.message}; the audit log goes on in memory only (addon logs)`);
  });
  const batch = lineBatch((text) => {
    if (!stream.destroyed) stream.write(text);
  });
  return {
    add: batch.add,
    async end() {
      batch.flush();
      stream.end();
      await finished(stream).catch(() => {}); // a failure is said already
    },
  };
}

async function readTail(file: string, bytes = 512 * 1024): Promise<AuditEntry[]> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return [];
  }
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    const lines = buffer.toString('utf8').split('\n');
    if (start > 0) lines.shift(); // the first line is cut
    return lines
      .flatMap((line) => {
        try {
          return line ? [JSON.parse(line) as AuditEntry] : [];
        } catch {
          return [];
        }
      })
      .slice(-KEEP);
  } finally {
    await handle.close();
  }
}
