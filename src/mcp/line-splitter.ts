/**
 * A line over the limit, skipped: its length, and its first and last bytes, where a JSON-RPC client
 * writes a request's id (`{"jsonrpc":"2.0","id":7,...` or `...,"id":7}`).
 */
export interface LongLine {
  bytes: number;
  head: string;
  tail: string;
}

/** Bytes kept of each end of a long line: room for an id and the members around it. */
const END_BYTES = 256;
const NEWLINE = 0x0a;

/**
 * Cuts a byte stream into lines (newline-delimited, a trailing `\r` dropped) of at most `maxBytes`
 * each. A longer line is not held: its bytes are counted and dropped as they stream in, but for its
 * two ends, and it is handed on as a LongLine once its newline comes.
 */
export class LineSplitter {
  #parts: Buffer[] = [];
  #size = 0;
  #long: { bytes: number; head: Buffer; tail: Buffer } | null = null;

  constructor(
    readonly maxBytes: number,
    readonly onLine: (line: string) => void,
    readonly onLongLine: (line: LongLine) => void,
  ) {}

  push(chunk: Buffer): void {
    for (let start = 0; start < chunk.length;) {
      const end = chunk.indexOf(NEWLINE, start);
      this.#take(chunk.subarray(start, end === -1 ? chunk.length : end));
      if (end === -1) return;
      this.#endLine();
      start = end + 1;
    }
  }

  /** The input ended: a last line without its newline is a line all the same. */
  end(): void {
    if (this.#size || this.#long) this.#endLine();
  }

  #take(piece: Buffer): void {
    const long = this.#long;
    if (long) {
      long.bytes += piece.length;
      long.tail = lastBytes([long.tail, piece]);
    } else if (this.#size + piece.length <= this.maxBytes) {
      // A copy: the chunk it is cut from is not kept for the sake of a short piece.
      this.#parts.push(Buffer.from(piece));
      this.#size += piece.length;
    } else {
      const parts = [...this.#parts, piece];
      const bytes = this.#size + piece.length;
      this.#long = { bytes, head: Buffer.concat(parts, Math.min(END_BYTES, bytes)), tail: lastBytes(parts) };
      this.#parts = [];
      this.#size = 0;
    }
  }

  #endLine(): void {
    const long = this.#long;
    this.#long = null;
    if (long)
      return this.onLongLine({ bytes: long.bytes, head: long.head.toString('utf8'), tail: long.tail.toString('utf8') });
    const line = Buffer.concat(this.#parts, this.#size).toString('utf8').replace(/\r$/, '');
    this.#parts = [];
    this.#size = 0;
    this.onLine(line);
  }
}

/** The last END_BYTES of the parts' bytes together, copied (the chunks they are cut from are not kept). */
function lastBytes(parts: Buffer[]): Buffer {
  const kept: Buffer[] = [];
  let size = 0;
  for (let i = parts.length - 1; i >= 0 && size < END_BYTES; i--) {
    const part = parts[i]!;
    kept.unshift(part.subarray(Math.max(0, part.length - (END_BYTES - size))));
    size += kept[0]!.length;
  }
  return Buffer.concat(kept, size);
}
