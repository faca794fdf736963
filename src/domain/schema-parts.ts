import { isJsonObject } from '../common/json/json-bounds.js';
import type { JsonSchema } from './schema.js';

// The parts of a JSON Schema (`items`, `properties`, a property's schema) are `unknown` to TypeScript:
// schema-order.ts and resource-outline.ts read them through these checks rather than casts.

const DESCRIBES_NOTHING: JsonSchema = {};

/** A part that is a schema (`items`, a property's, `additionalProperties`): an object, else one that describes nothing. */
export const subschema = (part: unknown): JsonSchema => (isJsonObject(part) ? part : DESCRIBES_NOTHING);

/** An object schema's properties, by name (each a schema: read it with `subschema`); undefined without them. */
export const propertiesOf = (schema: JsonSchema): Record<string, unknown> | undefined =>
  isJsonObject(schema.properties) ? schema.properties : undefined;
