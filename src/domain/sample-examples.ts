import type { Doc } from '../store/store.js';
import type { Fields, ResourceDefinition, SampleRef } from './resource.js';

/**
 * The id of a resource's i-th sample: the shape of its ids (ids.ts: the prefix and 16 hex digits),
 * counted from 1. A seeded organization's records have them (seed.ts), and the OpenAPI document's
 * examples name them, so an example names a record of the seeded world.
 */
export const sampleId = ({ idPrefix }: Pick<ResourceDefinition, 'idPrefix'>, i = 0): string =>
  `${idPrefix}_${(i + 1).toString(16).padStart(16, '0')}`;

/** Request bodies for the OpenAPI document's examples, made from the definitions' first samples. */
export interface SampleBodies {
  /** The resource's first sample: a create body its schema takes. */
  create(definition: ResourceDefinition): Promise<Fields>;
  /** The fields of that sample a PATCH takes. */
  patch(definition: ResourceDefinition): Promise<Fields>;
}

/**
 * Bodies from the samples of `definitions` (by name), never kept by hand: a resource added through
 * its definition has them. A record a sample refers to is that resource's sample, with its sample id.
 */
export function sampleBodies(definitions: ReadonlyMap<string, ResourceDefinition>): SampleBodies {
  const ref: SampleRef = async <T extends Doc>({ name }: { name: string }, i: number) => {
    const definition = definitions.get(name)!;
    const record: Doc = { _id: sampleId(definition, i), ...(await definition.samples.input(i, ref)) };
    // Not a whole record: an id and the sample's create body, which hold what samples read of the
    // records they refer to (ids, names, prices); a field only the rules fill is missing, in an example.
    return record as T;
  };
  const create = async (definition: ResourceDefinition) => definition.samples.input(0, ref);
  return {
    create,
    async patch(definition) {
      const takes = new Set(Object.keys(definition.updateSchema.properties ?? {}));
      return Object.fromEntries(Object.entries(await create(definition)).filter(([field]) => takes.has(field)));
    },
  };
}
