import { API_PREFIX } from '../../src/sdk/browser/addresses.js';
import type { Registry } from '../../src/domain/resources/registry.js';
import { isJsonObject } from '../../src/common/json/json-bounds.js';

/** The names of a resource's three component schemas in the OpenAPI document. */
interface ResourceSchemas {
  name: string;
  record: string;
  create: string;
  patch: string;
}

/**
 * The source of the resources' types: their names, each one's record, create and patch bodies, and
 * those bodies by their schemas' names (`Customer`, `CustomerCreate`, ...). The names are the
 * registry's; the schemas are the ones the document's routes use, whatever they are called.
 */
export function resourcesSource(document: unknown, registry: Registry): string {
  const resources = registry.resources.map(({ name }) => schemasOf(document, name));
  const names = resources.map(({ name }) => JSON.stringify(name));
  const entries = resources.map(
    ({ name, record, create, patch }) =>
      `${JSON.stringify(name)}: { record: ${record}; create: ${create}; patch: ${patch} };`,
  );
  const schemas = [...new Set(resources.flatMap(({ record, create, patch }) => [record, create, patch]))];
  return `import type { components } from './api-types.js';

/** The business resources' names, in the registry's order: their paths under the API, and the client's namespaces. */
export const RESOURCE_NAMES = [${names.join(', ')}] as const;

export type ResourceName = (typeof RESOURCE_NAMES)[number];

/** Each business resource's record, the body that creates one and the body that changes one. */
export interface Resources {
${entries.join('\n')}
}

${schemas.map((schema) => `export type ${schema} = components['schemas']['${schema}'];`).join('\n')}
`;
}

const JSON_BODY = ['content', 'application/json', 'schema'];

function schemasOf(document: unknown, name: string): ResourceSchemas {
  const list = ['paths', `${API_PREFIX}/${name}`];
  const one = ['paths', `${API_PREFIX}/${name}/{id}`];
  return {
    name,
    record: schemaAt(document, [...list, 'post', 'responses', '201', ...JSON_BODY, 'properties', 'data']),
    create: schemaAt(document, [...list, 'post', 'requestBody', ...JSON_BODY]),
    patch: schemaAt(document, [...one, 'patch', 'requestBody', ...JSON_BODY]),
  };
}

/** The name of the component schema that the document refers to at `keys`. */
function schemaAt(document: unknown, keys: string[]): string {
  const node = keys.reduce<unknown>((at, key) => (isJsonObject(at) ? at[key] : undefined), document);
  const ref = isJsonObject(node) ? node.$ref : undefined;
  const name = typeof ref === 'string' ? /^#\/components\/schemas\/(\w+)$/.exec(ref)?.[1] : undefined;
  if (!name) throw new Error(`the OpenAPI document refers to no component schema at ${keys.join(' > ')}`);
  return name;
}
