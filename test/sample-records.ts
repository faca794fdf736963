import type { Fields, ResourceDefinition, ResourceRef, SampleRef } from '../src/domain/resource.js';
import { DEFAULT_REGISTRY } from '../src/domain/resources/registry.js';
import type { Doc } from '../src/store/store.js';
import type { Caller } from './helpers.js';

/** The platform's own resources, for tests that cover each of them. */
export const RESOURCE_NAMES = DEFAULT_REGISTRY.resources.map((r) => r.name);

/** A create request through whatever the test talks to (an in-process emulator, `addon dev`). */
export type Post = (collection: string, body: Fields) => Promise<{ status: number; body: unknown }>;

/** Creates through an in-process emulator's API with `token`. */
export const postWith =
  (call: Caller, token: string): Post =>
  (collection, body) =>
    call('POST', collection, { token, body });

/**
 * Valid create bodies and records of every resource, from each definition's samples: a test that
 * covers every resource takes its bodies from here, so a new resource is covered without an edit,
 * and one whose samples make no valid body fails here, naming it, instead of being skipped. The
 * records a sample refers to are made the same way, through the API.
 */
export function sampleRecords(post: Post, resources: readonly ResourceDefinition[] = DEFAULT_REGISTRY.resources) {
  const definition = (name: string): ResourceDefinition => {
    const found = resources.find((r) => r.name === name);
    if (!found) throw new Error(`no resource ${name} in the registry`);
    return found;
  };
  // A record of the collection a sample names is a record of that resource.
  const ref: SampleRef = async <T extends Doc>(resource: ResourceRef<T>, j: number) =>
    (await record(resource.name, j)) as T;
  const body = async (name: string, i = 0): Promise<Fields> => definition(name).samples.input(i, ref);
  async function record(name: string, i = 0): Promise<Doc> {
    const input = await body(name, i);
    const answer = await post(name, input);
    if (answer.status !== 201)
      throw new Error(
        `${name}: samples.input(${i}) is not a valid create body: ${JSON.stringify(input)} answered ` +
          `${answer.status} ${JSON.stringify(answer.body)}`,
      );
    return (answer.body as { data: Doc }).data;
  }
  return { definition, body, record };
}

/**
 * A change every resource allows on a new record, and the field that shows it: its lifecycle's
 * first move, or else a field its next sample gives another value.
 */
export function samplePatch(
  definition: ResourceDefinition,
  record: Doc,
  next: Fields,
): { patch: Fields; field: string } {
  const { lifecycle } = definition;
  const move = lifecycle?.statuses[record.status as string]?.next[0];
  if (move) return { patch: { status: move }, field: 'status' };
  const updatable = Object.keys(definition.updateSchema.properties as Fields);
  const field = updatable.find(
    (key) => ['string', 'number', 'boolean'].includes(typeof next[key]) && next[key] !== record[key],
  );
  if (!field) throw new Error(`${definition.name}: neither a status move nor a sample field to patch`);
  return { patch: { [field]: next[field] }, field };
}
