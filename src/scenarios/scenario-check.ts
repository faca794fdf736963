import { parseDuration } from '../common/duration.js';
import type { ResourceDefinition } from '../domain/resource.js';
import type { JsonSchema } from '../domain/schema.js';
import { compileSchema, describeError } from '../common/json/validator.js';
import type { Registry } from '../domain/resources/registry.js';
import { ApiError, UserError } from '../common/errors.js';
import { checkJson, isJsonObject } from '../common/json/json-bounds.js';
import { MAX_SCENARIO_EXPANSION, MAX_SCENARIO_REFERENCES, SCENARIO_BOUNDS } from '../common/limits.js';
import { countReferences, parseReference, referencesIn } from './references.js';
import { maxSizeOf, schemaAt, tooLarge } from './expansion.js';
import { ACTIONS, actionOf, type Action, type ScenarioFile, type Step } from './scenario-file.js';

/**
 * Checks a whole scenario before its first step: each step's shape (an unknown key is an error, never
 * ignored), the collections and events it names, its durations, its data against the resource's
 * schema, and every reference: to a name an earlier step gave, and to a field its record has.
 * Throws 400 `invalid_scenario` naming the first problem.
 */
export function checkScenario(input: unknown, registry: Registry): ScenarioFile {
  checkJson(input, SCENARIO_BOUNDS, 'the scenario');
  const file = input as Partial<ScenarioFile> | null;
  if (!isJsonObject(file) || !Array.isArray(file.steps))
    throw invalidScenario('a scenario is a JSON object with "steps": [...]');
  const extra = Object.keys(file).filter((key) => key !== 'steps' && key !== 'description');
  if (extra.length) throw invalidScenario(`unknown key "${extra[0]}" (a scenario has "steps" and a "description")`);
  if (file.steps.length === 0) throw invalidScenario('"steps" is empty');
  const references = countReferences(file.steps, MAX_SCENARIO_REFERENCES);
  if (references > MAX_SCENARIO_REFERENCES)
    throw tooLarge(`it has more than ${MAX_SCENARIO_REFERENCES} references (\${...})`);
  /** What each `as` name stands for: a record of that resource. */
  const named = new Map<string, ResourceDefinition>();
  let expansion = 0;
  file.steps.forEach((step, i) => {
    try {
      expansion += checkStep(step, registry, named);
    } catch (error) {
      if (!(error instanceof ApiError || error instanceof UserError)) throw error;
      throw invalidScenario(`step ${i + 1}: ${error.message}`);
    }
  });
  // What the schemas bound is known before the run starts; the rest is counted as it runs.
  if (expansion > MAX_SCENARIO_EXPANSION)
    throw tooLarge(`its references could expand to ${expansion} characters; at most ${MAX_SCENARIO_EXPANSION}`);
  return file as ScenarioFile;
}

export const invalidScenario = (problem: string): ApiError => new ApiError(400, 'invalid_scenario', problem);

/** Checks one step; returns the most characters its references can expand to, as far as schemas bound them. */
function checkStep(step: Step, registry: Registry, named: Map<string, ResourceDefinition>): number {
  if (!isJsonObject(step)) throw invalidScenario('a step is an object like { "create": "customers", "data": {...} }');
  const actions = Object.keys(ACTIONS).filter((action) => action in step) as Action[];
  if (actions.length !== 1)
    throw invalidScenario(
      `name one action: ${Object.keys(ACTIONS).join(', ')} (found ${actions.join(', ') || 'none'})`,
    );
  const action = actionOf(step);
  const { keys, required } = ACTIONS[action];
  const unknown = Object.keys(step).find((key) => !(keys as readonly string[]).includes(key));
  if (unknown) throw invalidScenario(`unknown key "${unknown}" (a ${action} step takes ${keys.join(', ')})`);
  const missing = (required as readonly string[]).find((key) => !(key in step));
  if (missing) throw invalidScenario(`a ${action} step needs "${missing}"`);
  const target = (step as Record<string, unknown>)[action];
  if (typeof target !== 'string') throw invalidScenario(`"${action}" must be a string`);
  let expansion = 0;
  for (const { expression } of referencesIn(step)) {
    const size = checkReference(expression, named);
    if (Number.isFinite(size)) expansion += size;
  }

  if (action === 'advance') {
    parseDuration(target);
    return expansion;
  }
  if (action === 'trigger') {
    registry.catalog.known(target);
    checkObject(step, 'data', false);
    return expansion;
  }
  const definition = registry.resources.find((r) => r.name === target);
  if (!definition)
    throw invalidScenario(`no collection ${target}; try ${registry.resources.map((r) => r.name).join(', ')}`);
  if ('id' in step && typeof step.id !== 'string') throw invalidScenario('"id" must be a string');
  if (action === 'create') checkData(step, definition.createSchema, 'data');
  if (action === 'update') checkData(step, definition.updateSchema, 'data');
  if ('as' in step && step.as !== undefined) {
    if (typeof step.as !== 'string' || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(step.as) || RESERVED_NAMES.includes(step.as))
      throw invalidScenario(`"as" must be a name of letters, digits, _ and - (not today, now or __proto__)`);
    if (named.has(step.as)) throw invalidScenario(`the name "${step.as}" is given twice`);
    named.set(step.as, definition);
  }
  return expansion;
}

/**
 * A reference names a record an earlier step gave a name to, and a field such a record has (its own:
 * `constructor` is not a field). Returns the most characters it can expand to.
 */
function checkReference(expression: string, named: Map<string, ResourceDefinition>): number {
  const reference = parseReference(expression);
  if ('time' in reference) return TIME_SIZE;
  const definition = named.get(reference.name);
  if (!definition)
    throw invalidScenario(`\${${expression}} refers to "${reference.name}", which no earlier step names with "as"`);
  const fields = (definition.recordSchema.properties ?? {}) as Record<string, unknown>;
  if (reference.path.length && !Object.hasOwn(fields, reference.path[0]))
    throw invalidScenario(`\${${expression}}: a record of ${definition.name} has no field ${reference.path[0]}`);
  return maxSizeOf(schemaAt(definition.recordSchema, reference.path));
}

/** Names a step cannot give: the time references, and the one key the result's `records` cannot hold. */
const RESERVED_NAMES = ['today', 'now', '__proto__'];

/** `${now}` is an ISO 8601 time: 24 characters, 27 in a year past 9999. */
const TIME_SIZE = 27;

function checkObject(step: Step, key: string, required: boolean): void {
  const value = (step as Record<string, unknown>)[key];
  if (value === undefined && !required) return;
  if (!isJsonObject(value)) throw invalidScenario(`"${key}" must be an object`);
}

/** The data against the resource's schema; a value that holds a reference is checked when it is resolved. */
function checkData(step: Step, schema: JsonSchema, key: string): void {
  checkObject(step, key, false);
  const data = (step as Record<string, unknown>)[key] ?? {};
  const validate = compileSchema(schema);
  if (validate(data)) return;
  const referring = referencesIn(data).map((r) => r.at);
  const errors = (validate.errors ?? []).filter(
    (error) => !referring.some((at) => error.instancePath === at || error.instancePath.startsWith(`${at}/`)),
  );
  if (errors.length) throw invalidScenario(describeError(errors[0], key));
}
