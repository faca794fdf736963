import { randomBytes } from 'node:crypto';

/** `cus_8f3a2b1c9d0e4f5a`: a type prefix, as in production APIs, and 64 random bits. */
export const newId = (prefix: string): string => `${prefix}_${randomBytes(8).toString('hex')}`;
