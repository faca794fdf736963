import {
  dataShape,
  defineResource,
  field,
  filled,
  required,
  schema,
  withDefault,
  type Lifecycle,
  type RecordOf,
} from '../src/index.js';

/**
 * The promise of src/domain/define-resource.ts: a resource is one definition, written as a package
 * user writes it (from the package's own exports). It lives only here, and the emulator made with it
 * serves it everywhere a resource shows.
 */
const lifecycle = {
  initial: 'new',
  statuses: {
    new: { next: ['loved'] },
    loved: { next: ['lost'], event: ['loved', 'A toy was loved.'] },
    lost: { next: [] },
  },
} as const satisfies Lifecycle<'new' | 'loved' | 'lost'>;
const fields = {
  name: required(schema.requiredText(100)),
  colour: filled(withDefault(schema.text(20), 'red')),
};
export type Toy = RecordOf<typeof fields, keyof typeof lifecycle.statuses>;
export const toys = defineResource({
  name: 'toys',
  label: 'toy',
  idPrefix: 'toy',
  description: 'Toys, to prove a resource is one definition.',
  fields,
  lifecycle,
  events: {
    prefix: 'toy',
    fields: dataShape<Toy>({ toyId: [field.string, '_id'], name: field.string, status: field.string }),
    deleted: dataShape({ toyId: [field.string, '_id'] }),
  },
  samples: { count: (size) => size + 1, input: (i) => ({ name: `Teddy ${i}` }), status: () => 'lost' },
});
