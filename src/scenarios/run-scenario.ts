import type { Clock } from '../common/clock.js';
import type { Domain } from '../domain/domain.js';
import type { Fields } from '../domain/resource.js';
import { parseDuration } from '../common/duration.js';
import { ApiError, UserError } from '../common/errors.js';
import type { Doc } from '../store/store.js';
import type { World } from '../state/world.js';
import type { WorldGate } from '../state/world-gate.js';
import type { TimeRules } from '../domain/time-rules.js';
import type { Trigger } from '../webhooks/trigger.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import { timeOf, valueAt, resolveReferences, type Reference } from './references.js';
import { actionOf, type ScenarioFile, type ScenarioOptions, type ScenarioResult, type Step } from './scenario-file.js';
import { invalidScenario } from './scenario-check.js';
import { expansionBudget } from './expansion.js';

export interface ScenarioDeps {
  /** The domain whose changes fire events, as the API's do. */
  domain: Domain;
  trigger: Trigger;
  advanceClock(ms: number): Promise<unknown>;
  clock: Clock;
  webhooks: Pick<Webhooks, 'hold'>;
  world: Pick<World, 'checkpoint' | 'rollbackWorld'>;
  gate: WorldGate;
  /** What the clock has made due by the end of the run happens in it (an invoice past due goes overdue). */
  timeRules: Pick<TimeRules, 'sweep'>;
}

/**
 * Runs a checked scenario as one unit. Every other change and capture of the world waits meanwhile
 * (the gate), its events are held, and when a step fails the world goes back to the checkpoint taken
 * before the first, and nothing was delivered. Once every step has succeeded the world is committed
 * and the gate opens; then its events go out in order (or, with `webhooks: false`, are dropped), and
 * the run resolves when their first attempts are done. A slow receiver holds up the run's answer,
 * never the API.
 */
export async function runScenario(
  deps: ScenarioDeps,
  file: ScenarioFile,
  { orgId, webhooks = true }: Required<Pick<ScenarioOptions, 'orgId'>> & ScenarioOptions,
): Promise<ScenarioResult> {
  const { records, hold } = await deps.gate.exclusive(async () => {
    const checkpoint = deps.world.checkpoint();
    const hold = deps.webhooks.hold();
    const records = new Map<string, Doc>();
    const budget = expansionBudget();
    try {
      for (const [i, step] of file.steps.entries())
        await runStep(deps, step, orgId, records, budget).catch((error: unknown) => {
          throw failed(i, step, error);
        });
      await deps.timeRules.sweep();
    } catch (error) {
      hold.discard();
      await deps.world.rollbackWorld(checkpoint);
      throw error;
    }
    return { records, hold };
  });
  if (webhooks) await hold.release();
  else hold.discard();
  return { records: Object.fromEntries(records) };
}

async function runStep(
  deps: ScenarioDeps,
  step: Step,
  orgId: string,
  records: Map<string, Doc>,
  budget: ReturnType<typeof expansionBudget>,
): Promise<void> {
  const resolved = resolveReferences(step, (reference, expression, whole) =>
    budget.spend(lookup(reference, expression, records, deps.clock), expression, whole),
  ) as Step;
  if ('advance' in resolved) return void (await deps.advanceClock(parseDuration(resolved.advance)));
  if ('trigger' in resolved) return void (await deps.trigger(resolved.trigger, { data: resolved.data, orgId }));
  const collection = deps.domain.collection((resolved as Record<string, unknown>)[actionOf(resolved)] as string);
  let record: Doc | null = null;
  if ('create' in resolved) record = await collection.create(orgId, (resolved.data ?? {}) as Fields);
  if ('update' in resolved) record = await collection.update(orgId, resolved.id, resolved.data);
  if ('delete' in resolved) await collection.remove(orgId, resolved.id);
  if (record && 'as' in resolved && resolved.as) records.set(resolved.as, record);
}

function lookup(reference: Reference, expression: string, records: Map<string, Doc>, clock: Clock): unknown {
  if ('time' in reference) return timeOf(reference, clock.now());
  const value = valueAt(records.get(reference.name), reference.path);
  if (value === undefined) throw invalidScenario(`\${${expression}} has no value`);
  return value;
}

/** The step's failure, said with its number and action; the cause keeps its status and code. */
function failed(i: number, step: Step, error: unknown): Error {
  const action = actionOf(step);
  const label = `step ${i + 1} (${action} ${String((step as Record<string, unknown>)[action])})`;
  if (!(error instanceof ApiError) && !(error instanceof UserError)) return error as Error;
  const { statusCode = 400, code = 'invalid_scenario' } = error as Partial<ApiError>;
  return new ApiError(statusCode, code, `${label}: ${(error as Error).message}; nothing was changed`, { step: i + 1 });
}
