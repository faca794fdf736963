import { compileSchema } from '../src/common/json/validator.js';

/** An example the document gives, and the schema it must be valid against. */
interface Example {
  at: string;
  schema: unknown;
  example: unknown;
  reading: 'json' | 'text';
}

/**
 * Every path parameter and request body of `document`, with its example: where mock servers,
 * documentation tools and contract testers (Dredd) read one, `example` on the parameter and on the
 * body's media type.
 */
export function examplesOf(document: string): Example[] {
  const { paths } = JSON.parse(document) as {
    paths: Record<string, Record<string, ExampleOperation>>;
  };
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, { parameters = [], requestBody }]) => [
      ...parameters
        .filter((parameter) => parameter.in === 'path')
        .map(({ name, schema, example }) => ({ at: `${method} ${path} ${name}`, schema, example, reading: 'text' as const })),
      ...Object.entries(requestBody?.content ?? {}).map(([type, { schema, example }]) => ({
        at: `${method} ${path} ${type}`,
        schema,
        example,
        reading: 'json' as const,
      })),
    ]),
  );
}
export interface ExampleOperation {
  parameters?: Array<{ in: string; name: string; schema: unknown; example?: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
}

/** Each example, checked by the kit's validator against its schema (its references into the document's components resolved). */
export function invalidExamples(document: string): string[] {
  const { components } = JSON.parse(document) as { components: unknown };
  return examplesOf(document).flatMap(({ at, schema, example, reading }) => {
    if (example === undefined) return [`${at}: no example`];
    const validate = compileSchema({ ...(schema as object), components }, reading);
    return validate(structuredClone(example)) ? [] : [`${at}: ${JSON.stringify(validate.errors)}`];
  });
}
