import { Option, type Command } from 'commander';
import { TOKEN_VARIANTS, VARIANT_DESCRIPTIONS, type TokenVariant } from '../../auth/bad-tokens.js';
import { MAX_TOKEN_LIFETIME_SECONDS, type MintedToken } from '../../auth/tokens.js';
import { APP_ID } from '../../installations/installation-ids.js';
import { checkedOption, duration, matching, plainId, scopeList, usageError, type ValueKind } from '../arguments.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { println } from '../output.js';

interface TokenFlags extends EmulatorFlags {
  scopes?: string[];
  org?: string;
  user?: string;
  appId?: string;
  /** Seconds. */
  expiresIn?: number;
  /** The bad-token flags, by their attribute names (`foreignKey` for `--foreign-key`). */
  [variantFlag: string]: unknown;
}

/** `--expired`, `--tampered`, ...: one flag per bad-token variant. */
const VARIANT_FLAGS = TOKEN_VARIANTS.map((variant) => ({
  variant,
  option: new Option(`--${variant}`, `a bad token that the API refuses: ${VARIANT_DESCRIPTIONS[variant]}`),
}));

const FIELDS = { scopes: '--scopes', orgId: '--org', userId: '--user', appId: '--app-id', expiresIn: '--expires-in' };

/** `addon token`: a session token from the running emulator, or a bad one (`--expired`, ...). */
export function tokenCommand(program: Command): void {
  const command = program
    .command('token')
    .description('mint a session token from the running emulator and print it (the JWT alone)')
    .addOption(
      checkedOption(
        '--scopes <list>',
        'scopes to grant (a subset of the declared ones), or none; default: the granted scopes',
        scopeList,
      ),
    )
    .addOption(checkedOption('--org <id>', 'organization id', plainId))
    .addOption(checkedOption('--user <id>', 'user id', plainId))
    .addOption(checkedOption('--app-id <id>', 'app id', matching(APP_ID)))
    .addOption(
      checkedOption('--expires-in <duration>', 'lifetime, like 10m or 2h (default 1h, as in production)', lifetime),
    );
  for (const { option } of VARIANT_FLAGS) command.addOption(option);
  againstEmulator(
    command,
    'print the token with its claims',
    (emulator, flags: TokenFlags) =>
      emulator.post<MintedToken>(
        '/tokens',
        {
          scopes: flags.scopes,
          orgId: flags.org,
          userId: flags.user,
          appId: flags.appId,
          expiresIn: flags.expiresIn,
          variant: variantOf(flags),
        },
        FIELDS,
      ),
    (minted) => println(minted.token),
  );
}

/** The one bad-token variant asked for, if any. */
function variantOf(flags: TokenFlags): TokenVariant | undefined {
  const asked = VARIANT_FLAGS.filter(({ option }) => flags[option.attributeName()]);
  if (asked.length > 1)
    throw usageError(`one bad token at a time: choose one of ${asked.map(({ option }) => option.long).join(', ')}`);
  return asked[0]?.variant;
}

/** A token's lifetime, in whole seconds, as the control API takes it. */
const lifetime: ValueKind<number> = {
  takes: 'a duration of whole seconds from 1s to 30d, like 10m or 2h',
  read(text) {
    const seconds = (duration().read(text) ?? NaN) / 1000;
    return Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_TOKEN_LIFETIME_SECONDS ? seconds : undefined;
  },
};
