import { InvalidArgumentError, type Command } from 'commander';
import { UserError } from '../../errors.js';
import { describeEffect, type FaultRule, type FaultRuleSpec } from '../../faults/fault-rule.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { wholeNumber } from '../emulator-flags.js';
import { color, println } from '../output.js';
import { API_PREFIX } from '../../sdk/browser/addresses.js';

interface AddFlags extends EmulatorFlags {
  method?: string;
  path?: string;
  org?: string;
  event?: string;
  probability?: number;
  times?: number;
  webhooks?: boolean;
  status?: number;
  rateLimited?: boolean;
  expiredToken?: boolean;
  latency?: string;
  reset?: boolean;
  hang?: boolean;
  afterWrite?: number;
  duplicate?: boolean;
  delay?: string;
}

/** The effect flags, by the rule key each sets. */
const EFFECTS: Record<string, string> = {
  status: '--status',
  rateLimited: '--rate-limited',
  expiredToken: '--expired-token',
  latency: '--latency',
  reset: '--reset',
  hang: '--hang',
  afterWrite: '--after-write',
  duplicate: '--duplicate',
  delay: '--delay',
};
/** How the emulator's refusals name the rule's fields: as this command's flags. */
const FIELDS: Record<string, string> = {
  ...EFFECTS,
  method: '--method',
  path: '--path',
  org: '--org',
  event: '--event',
  probability: '--probability',
  times: '--times',
};

const probability = (text: string): number => {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new InvalidArgumentError('expected a number from 0 to 1');
  return value;
};

/** `addon faults [list]`, `addon faults add ...`, `addon faults clear [id]` (docs/faults.md). */
export function faultsCommand(program: Command): void {
  const list = (command: Command) =>
    againstEmulator(
      command.description('list the fault rules in force, with how often each fired'),
      'print as JSON',
      (emulator) => emulator.get<{ data: FaultRule[]; seed: number }>('/faults'),
      showRules,
    );
  const faults = list(program.command('faults'));
  list(faults.command('list'));
  againstEmulator(
    faults
      .command('add')
      .description('add a fault rule: API calls that match get the effect (or, with --webhooks, deliveries do)')
      .option('--method <method>', 'only this HTTP method')
      .option('--path <path>', `only this path under ${API_PREFIX}; * is one segment, like /invoices/*`)
      .option('--org <id>', 'only this organization')
      .option('--probability <p>', 'fire with this probability, 0 to 1 (default 1)', probability)
      .option('--times <n>', 'fire at most this many times', wholeNumber)
      .option('--status <code>', 'answer this 4xx or 5xx status', wholeNumber)
      .option('--rate-limited', 'answer 429 as the rate limiter does')
      .option('--expired-token', 'answer 401 as for an expired session')
      .option('--latency <ms>', 'hold the answer back, ms or min-max ms (may join another effect)')
      .option('--reset', 'destroy the connection without an answer')
      .option('--hang', 'never answer (the connection closes after 2 minutes)')
      .option('--after-write <code>', 'do the write and fire its events, then answer this status', wholeNumber)
      .option('--webhooks', 'a rule for webhook deliveries instead of API calls')
      .option('--event <name>', 'with --webhooks: only this event')
      .option('--duplicate', 'with --webhooks: send each delivery twice, byte for byte')
      .option('--delay <duration>', 'with --webhooks: hold each delivery back on the emulated clock, like 5m'),
    'print the new rule as JSON',
    (emulator, flags: AddFlags) => emulator.post<FaultRule>('/faults', ruleOf(flags), FIELDS),
    (rule) => println(`Added ${rule.id}: ${summary(rule)}`),
  );
  againstEmulator(
    faults.command('clear [id]').description('remove one fault rule, or all of them'),
    'print as JSON',
    (emulator, _flags: EmulatorFlags, id?: string) =>
      emulator.delete<{ cleared: number }>(id ? `/faults/${encodeURIComponent(id)}` : '/faults', { id: 'the rule id' }),
    ({ cleared }) => println(`Cleared ${cleared} fault rule${cleared === 1 ? '' : 's'}.`),
  );
}

/** The rule the flags describe, in the JSON shape every other source of rules uses. */
function ruleOf(flags: AddFlags): FaultRuleSpec {
  const given = Object.keys(EFFECTS).filter((key) => flags[key as keyof AddFlags] !== undefined);
  if (given.length === 0) throw new UserError(`name an effect: ${Object.values(EFFECTS).join(', ')}`);
  const latency = flags.latency !== undefined && /^\d+$/.test(flags.latency) ? Number(flags.latency) : flags.latency;
  const rule: FaultRuleSpec = {
    target: flags.webhooks ? 'webhooks' : undefined,
    method: flags.method?.toUpperCase(),
    path: flags.path,
    org: flags.org,
    event: flags.event,
    probability: flags.probability,
    times: flags.times,
    status: flags.status,
    rateLimited: flags.rateLimited || undefined,
    expiredToken: flags.expiredToken || undefined,
    latency,
    reset: flags.reset || undefined,
    hang: flags.hang || undefined,
    afterWrite: flags.afterWrite,
    duplicate: flags.duplicate || undefined,
    delay: flags.delay,
  };
  return Object.fromEntries(Object.entries(rule).filter(([, v]) => v !== undefined)) as FaultRuleSpec;
}

/** `GET /customers/* in org_demo: status 503, p 0.5, 2 of at most 3` */
function summary(rule: FaultRule): string {
  const what =
    rule.target === 'webhooks'
      ? `webhooks ${rule.event ?? '(every event)'}`
      : `${rule.method ?? 'any'} ${rule.path ?? '(every path)'}`;
  const where = rule.org ? ` in ${rule.org}` : '';
  const odds = rule.probability < 1 ? `, probability ${rule.probability}` : '';
  const times = rule.times === undefined ? '' : `, at most ${rule.times} times`;
  return `${what}${where}: ${describeEffect(rule)}${odds}${times}`;
}

function showRules({ data, seed }: { data: FaultRule[]; seed: number }): void {
  if (!data.length) println(color.dim(`No fault rules (seed ${seed}). Add one with addon faults add.`));
  for (const rule of data) println(`${rule.id}  ${summary(rule)}  ${color.dim(`hits ${rule.hits}`)}`);
  if (data.length) println(color.dim(`seed ${seed}`));
}
