import type { Command } from 'commander';
import { ApiError } from '../../common/errors.js';
import { describeEffect, FAULT_EFFECTS, type EffectInfo, type EffectKey } from '../../faults/effects.js';
import { checkFaultRule, FAULT_RULE_SCHEMA, type FaultRule, type FaultRuleSpec } from '../../faults/fault-rule.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { checkAgainstSchema, checkedArgument, checkedOption, count, usageError, type ValueKind } from '../arguments.js';
import { color, println } from '../output.js';
import { API_PREFIX } from '../../sdk/browser/addresses.js';

/** The rule's fields as `addon faults add` takes them; `--webhooks` sets its target. */
type AddFlags = EmulatorFlags & Omit<FaultRuleSpec, 'target' | 'orgId'> & { org?: string; webhooks?: boolean };

/**
 * `rateLimited` -> `--rate-limited`: the flag commander reads back into the rule's key; `orgId` is
 * `--org`, as in every other command.
 */
const flagOf = (key: string) =>
  key === 'orgId' ? '--org' : '--' + key.replace(/[A-Z]/g, (letter) => '-' + letter.toLowerCase());

/** What the rule matches and how often it fires, besides its effect. */
const MATCHERS = ['method', 'path', 'orgId', 'event', 'probability', 'times'] as const;
/** How the emulator's refusals name the rule's fields: as this command's flags. */
const FIELDS = Object.fromEntries(
  [...MATCHERS, ...FAULT_EFFECTS.map(({ key }) => key)].map((key) => [key, flagOf(key)]),
) as Record<(typeof MATCHERS)[number] | EffectKey, string>;
/** The value each kind of effect's flag takes, as its help names it. */
const VALUE_NAMES: Record<EffectInfo['value'], string> = {
  flag: '',
  status: ' <code>',
  ms: ' <ms>',
  duration: ' <duration>',
};

/** The flags of a target's effects, with their help; a webhooks effect's help says so. */
function effectOptions(command: Command, target: EffectInfo['target']): Command {
  for (const { key, value, help } of FAULT_EFFECTS.filter((effect) => effect.target === target)) {
    const flag = flagOf(key) + VALUE_NAMES[value];
    const text = target === 'webhooks' ? `with --webhooks: ${help}` : help;
    // Read as a number here; its range is checked with the whole rule, against the rule's schema.
    if (value === 'status') command.addOption(checkedOption(flag, text, count()));
    else command.option(flag, text);
  }
  return command;
}

const probability: ValueKind<number> = {
  takes: 'a number from 0 to 1, like 0.25',
  read: (text) => (/^(0|1)?(\.\d+)?$/.test(text) && text !== '' && +text <= 1 ? +text : undefined),
};

/** `flt_3`, or the number alone, as a person reads it off the list. */
const ruleId: ValueKind<string> = {
  takes: 'a rule id like flt_3, or its number',
  read: (text) => (/^\d{1,9}$/.test(text) ? `flt_${text}` : /^flt_\d{1,9}$/.test(text) ? text : undefined),
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
  const add = faults
    .command('add')
    .description('add a fault rule: API calls that match get the effect (or, with --webhooks, deliveries do)')
    .option('--method <method>', 'only this HTTP method')
    .option('--path <path>', `only this path under ${API_PREFIX}; * is one segment, like /invoices/*`)
    .option('--org <id>', 'only this organization')
    .addOption(checkedOption('--probability <p>', 'fire with this probability, 0 to 1 (default 1)', probability))
    .addOption(checkedOption('--times <n>', 'fire at most this many times', count()));
  effectOptions(add, 'api')
    .option('--webhooks', 'a rule for webhook deliveries instead of API calls')
    .option('--event <name>', 'with --webhooks: only this event');
  againstEmulator(
    effectOptions(add, 'webhooks'),
    'print the new rule as JSON',
    (emulator, flags: AddFlags) => emulator.post<FaultRule>('/faults', checked(ruleOf(flags)), FIELDS),
    (rule) => println(`Added ${rule.id}: ${summary(rule)}`),
  );
  againstEmulator(
    faults
      .command('clear')
      .addArgument(checkedArgument('[id]', 'the rule (all of them when none is named)', ruleId))
      .description('remove one fault rule, or all of them'),
    'print as JSON',
    (emulator, _flags: EmulatorFlags, id?: string) =>
      emulator.delete<{ cleared: number }>(id ? `/faults/${encodeURIComponent(id)}` : '/faults', {
        id: 'the rule id',
      }),
    ({ cleared }) => println(`Cleared ${cleared} fault rule${cleared === 1 ? '' : 's'}.`),
  );
}

/** The rule the flags describe, in the JSON shape every other source of rules uses. */
function ruleOf(flags: AddFlags): FaultRuleSpec {
  if (!FAULT_EFFECTS.some(({ key }) => flags[key] !== undefined))
    throw usageError(`name an effect: ${FAULT_EFFECTS.map(({ key }) => FIELDS[key]).join(', ')}`);
  const { latency } = flags;
  const rule = {
    target: flags.webhooks ? 'webhooks' : undefined,
    ...Object.fromEntries(Object.keys(FIELDS).map((key) => [key, flags[key as keyof AddFlags]])),
    orgId: flags.org,
    method: flags.method?.toUpperCase(),
    latency: typeof latency === 'string' && /^\d+$/.test(latency) ? Number(latency) : latency,
  };
  return Object.fromEntries(Object.entries(rule).filter(([, v]) => v !== undefined)) as FaultRuleSpec;
}

/**
 * The rule as the emulator will check it, checked first: its schema with the fields named as flags,
 * then what a schema cannot say (one effect, matchers of its target).
 */
function checked(rule: FaultRuleSpec): FaultRuleSpec {
  checkAgainstSchema(FAULT_RULE_SCHEMA, rule, FIELDS);
  try {
    checkFaultRule(rule);
  } catch (error) {
    throw error instanceof ApiError ? usageError(error.message) : error;
  }
  return rule;
}

/** `GET /customers/* in org_demo: status 503, p 0.5, 2 of at most 3` */
function summary(rule: FaultRule): string {
  const what =
    rule.target === 'webhooks'
      ? `webhooks ${rule.event ?? '(every event)'}`
      : `${rule.method ?? 'any'} ${rule.path ?? '(every path)'}`;
  const where = rule.orgId ? ` in ${rule.orgId}` : '';
  const odds = rule.probability < 1 ? `, probability ${rule.probability}` : '';
  const times = rule.times === undefined ? '' : `, at most ${rule.times} times`;
  return `${what}${where}: ${describeEffect(rule)}${odds}${times}`;
}

function showRules({ data, seed }: { data: FaultRule[]; seed: number }): void {
  if (!data.length) println(color.dim(`No fault rules (seed ${seed}). Add one with addon faults add.`));
  for (const rule of data) println(`${rule.id}  ${summary(rule)}  ${color.dim(`hits ${rule.hits}`)}`);
  if (data.length) println(color.dim(`seed ${seed}`));
}
