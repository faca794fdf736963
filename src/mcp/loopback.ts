import { LOOPBACK_NAMES } from '../control/guard.js';
import { UserError } from '../common/errors.js';

/**
 * `origin` when it is an address of this machine; else the one-line refusal. An agent's tools mint
 * tokens, move the clock and write data: they reach no emulator of another machine.
 */
export function loopbackOnly(origin: string): string {
  const { hostname } = new URL(origin);
  if (!LOOPBACK_NAMES.has(hostname))
    throw new UserError(
      `addon mcp talks only to an emulator on this machine (127.0.0.1, localhost or ::1), not ${hostname} (${origin})`,
    );
  return origin;
}
