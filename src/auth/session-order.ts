import { randomBytes } from 'node:crypto';

/**
 * The order sessions were issued in, carried by each token's `jti`: a UUIDv7 (RFC 9562, 5.7), whose
 * first 48 bits are Unix milliseconds and next 12 (rand_a) a counter for the tokens of one
 * millisecond (6.2, method 1), so jti strings sort in the order they were handed out.
 * "Issued before this session ended" is then one string comparison (installations/revocations.ts).
 *
 * Real time, not the emulated clock: a restored world takes the emulated clock back, and a token
 * handed out is handed out whatever the world says the time is.
 */
export interface SessionOrder {
  /** The next jti: after every one this order gave before, and after `keepAfter`'s. */
  next(): string;
  /** Never gives one at or before `order` (an order kept in the data dir, when real time went back since). */
  keepAfter(order: string): void;
}

const MAX_COUNTER = 0xfff;
/** RFC 9562's UUID shape, version 7, variant 10: what a standard validator accepts as a UUIDv7. */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Its version digit, `7`, where it stands in the string. */
const VERSION_7 = 0x37;
export const isSessionOrder = (jti: string): boolean => UUID_V7.test(jti);

/**
 * Whether the session of `jti` was issued before `mark` (an order `next()` gave). A jti that is not
 * a UUIDv7 comes from a kit that did not order its tokens (a random UUID, version 4): before any
 * mark, so ended with it. Every API call may ask, so the version digit tells them apart, not the
 * whole shape: a jti is one this kit signed, of either kind. The time and counter lead, so the
 * whole strings compare as those do.
 */
export const issuedBefore = (jti: string, mark: string): boolean =>
  jti.length !== 36 || jti.charCodeAt(14) !== VERSION_7 || jti < mark;

/** An order over `source` (Unix ms); monotonic even when it stands still or goes back. */
export function createSessionOrder(source: () => number = Date.now): SessionOrder {
  let ms = 0;
  let counter = 0;
  return {
    next() {
      const now = source();
      // Time stood still or went back: count on in the last millisecond, and when its counter is
      // spent, borrow the next one, as RFC 9562 6.2 allows.
      if (now > ms) [ms, counter] = [now, 0];
      else if (counter === MAX_COUNTER) [ms, counter] = [ms + 1, 0];
      else counter++;
      return format(ms, counter);
    },
    keepAfter(order) {
      if (!isSessionOrder(order)) return;
      const kept = parseInt(order.slice(0, 8) + order.slice(9, 13), 16);
      const keptCounter = parseInt(order.slice(15, 18), 16);
      if (kept > ms || (kept === ms && keptCounter > counter)) [ms, counter] = [kept, keptCounter];
    },
  };
}

function format(ms: number, counter: number): string {
  const time = ms.toString(16).padStart(12, '0');
  const random = randomBytes(8);
  random[0] = (random[0] & 0x3f) | 0x80; // the variant, 10
  const rest = random.toString('hex');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${counter.toString(16).padStart(3, '0')}-${rest.slice(0, 4)}-${rest.slice(4)}`;
}

/** The process's one order: every emulator in it hands out jtis from it, so none repeats an order. */
export const sessionOrder: SessionOrder = createSessionOrder();
