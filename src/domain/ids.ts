import { randomFillSync } from 'node:crypto';

/** Random bytes drawn a pool at a time: one call to the system's generator serves 512 ids. */
const pool = Buffer.alloc(4096);
let used = pool.length;

/** `cus_8f3a2b1c9d0e4f5a`: a type prefix, as in production APIs, and 64 random bits. */
export const newId = (prefix: string): string => {
  if (used + 8 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 8;
  return `${prefix}_${pool.toString('hex', used - 8, used)}`;
};
