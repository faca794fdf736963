import type { JsonSchema } from '../domain/schema.js';
import { MAX_SCENARIO_EXPANSION } from '../common/limits.js';
import { ApiError } from '../common/errors.js';

/**
 * What a scenario's references expand to is bounded (MAX_SCENARIO_EXPANSION): a few kilobytes of
 * `${a.notes}` could otherwise ask for gigabytes. Sizes are counted in characters of the text a
 * reference puts in its place (the value's text inside a longer string, its JSON standing alone).
 */
export const tooLarge = (problem: string): ApiError => new ApiError(400, 'scenario_too_large', problem);

/** The most characters a reference to a value of `schema` can expand to; Infinity where the schema sets no bound. */
export function maxSizeOf(schema: JsonSchema | undefined): number {
  if (!schema) return Infinity;
  if (Array.isArray(schema.enum)) return Math.max(...schema.enum.map((value) => JSON.stringify(value).length));
  return Math.max(...([] as unknown[]).concat(schema.type ?? 'any').map((type) => maxSizeOfType(schema, type)));
}

function maxSizeOfType(schema: JsonSchema, type: unknown): number {
  switch (type) {
    case 'string':
      return typeof schema.maxLength === 'number' ? schema.maxLength + 2 : schema.format ? 40 : Infinity;
    case 'number':
    case 'integer':
      return 24;
    case 'boolean':
    case 'null':
      return 5;
    case 'array':
      return typeof schema.maxItems === 'number'
        ? 2 + schema.maxItems * (maxSizeOf(schema.items as JsonSchema) + 1)
        : Infinity;
    case 'object': {
      if (schema.additionalProperties !== false) return Infinity;
      const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
      return properties.reduce((sum, [key, property]) => sum + key.length + 4 + maxSizeOf(property), 2);
    }
    default:
      return Infinity;
  }
}

/** The schema of the value at `path` in a value of `schema`; undefined where it cannot be told. */
export function schemaAt(schema: JsonSchema, path: readonly string[]): JsonSchema | undefined {
  let at: JsonSchema | undefined = schema;
  for (const key of path) {
    if (!at) return undefined;
    const properties = at.properties as Record<string, JsonSchema> | undefined;
    if (properties && Object.hasOwn(properties, key)) at = properties[key];
    else if (/^\d+$/.test(key) && at.items) at = at.items as JsonSchema;
    else return undefined;
  }
  return at;
}

/** Counts what a run's references put in their places, and stops the run once that passes the bound. */
export function expansionBudget() {
  let spent = 0;
  return {
    spend<T>(value: T, expression: string, whole: boolean): T {
      spent += whole && typeof value !== 'string' ? (JSON.stringify(value)?.length ?? 0) : String(value).length;
      if (spent > MAX_SCENARIO_EXPANSION)
        throw tooLarge(
          `its references expand to more than ${MAX_SCENARIO_EXPANSION} characters (passed at \${${expression}})`,
        );
      return value;
    },
  };
}
