import type { Command } from 'commander';
import { MAX_TOKEN_LIFETIME_SECONDS, type SessionClaims } from '../../auth/tokens.js';
import { parseDuration } from '../../duration.js';
import { UserError } from '../../errors.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { println } from '../output.js';

interface TokenFlags extends EmulatorFlags {
  scopes?: string;
  org?: string;
  user?: string;
  appId?: string;
  expiresIn?: string;
}

const FIELDS = { scopes: '--scopes', orgId: '--org', userId: '--user', appId: '--app-id', expiresIn: '--expires-in' };

/** `addon token`: a session token from the running emulator. */
export function tokenCommand(program: Command): void {
  againstEmulator(
    program
      .command('token')
      .description('mint a session token from the running emulator and print it (the JWT alone)')
      .option('--scopes <list>', 'scopes to grant (a subset of the declared ones); default: the granted scopes')
      .option('--org <id>', 'organization id')
      .option('--user <id>', 'user id')
      .option('--app-id <id>', 'app id')
      .option('--expires-in <duration>', 'lifetime, like 10m or 2h (default 1h, as in production)'),
    'print the token with its claims',
    (emulator, flags: TokenFlags) =>
      emulator.post<{ token: string; claims: SessionClaims }>(
        '/tokens',
        {
          scopes: flags.scopes?.split(/[\s,]+/).filter(Boolean),
          orgId: flags.org,
          userId: flags.user,
          appId: flags.appId,
          expiresIn: flags.expiresIn === undefined ? undefined : seconds(flags.expiresIn),
        },
        FIELDS,
      ),
    (minted) => println(minted.token),
  );
}

function seconds(duration: string): number {
  const value = parseDuration(duration) / 1000;
  if (!Number.isInteger(value) || value < 1 || value > MAX_TOKEN_LIFETIME_SECONDS)
    throw new UserError(`--expires-in must be a whole number of seconds from 1s to 30d`);
  return value;
}
