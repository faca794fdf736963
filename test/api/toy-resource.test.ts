import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataShape,
  defineResource,
  field,
  filled,
  RESOURCES,
  required,
  schema,
  withDefault,
  type Lifecycle,
  type RecordOf,
} from '../../src/index.js';
import { cleanUp, inProcess } from '../helpers.js';

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
type Toy = RecordOf<typeof fields, keyof typeof lifecycle.statuses>;
const toys = defineResource({
  name: 'toys',
  label: 'toy',
  idPrefix: 'toy',
  description: 'Toys, to prove a resource is one definition.',
  fields,
  lifecycle,
  events: {
    prefix: 'toy',
    noun: 'toy',
    fields: dataShape<Toy>({ toyId: [field.string, '_id'], name: field.string, status: field.string }),
    deleted: dataShape({ toyId: [field.string, '_id'] }),
  },
  samples: { count: (size) => size + 1, input: (i) => ({ name: `Teddy ${i}` }), status: () => 'lost' },
});

let em: Awaited<ReturnType<typeof inProcess>>;
beforeAll(async () => {
  em = await inProcess({ resources: [...RESOURCES, toys], scopes: ['toys.*', 'customers.read'] });
});
afterAll(cleanUp);

describe('a resource added in one file', () => {
  it('is served under the API, with its defaults, lifecycle and scope', async () => {
    const { token } = await em.mintToken();
    const created = await em.call('POST', 'toys', { token, body: { name: 'Rex' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Rex', colour: 'red', status: 'new' });
    expect(created.body.data._id).toMatch(/^toy_/);
    const id = created.body.data._id;
    expect((await em.call('PATCH', `toys/${id}`, { token, body: { status: 'lost' } })).body.code).toBe(
      'invalid_status_transition',
    );
    expect((await em.call('PATCH', `toys/${id}`, { token, body: { status: 'loved' } })).status).toBe(200);
    expect((await em.call('GET', 'toys', { token })).body.total).toBe(1);
    const { token: readOnly } = await em.mintToken({ scopes: ['customers.read'] });
    const refused = await em.call('GET', 'toys', { token: readOnly });
    expect(refused.body).toMatchObject({ code: 'insufficient_scope', requiredScope: 'toys.read' });
  });

  it('has scopes the emulator accepts, and others refuses', async () => {
    expect((await em.call('POST', '/_emulator/tokens', { body: { scopes: ['toys.read'] } })).status).toBe(201);
    expect((await em.call('POST', '/_emulator/tokens', { body: { scopes: ['toy.read'] } })).status).toBe(400);
  });

  it('is in the OpenAPI document, with its scope', async () => {
    const doc = (await em.call('GET', 'openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/addon/v1/toys', '/api/addon/v1/toys/{id}']));
    expect(doc.paths['/api/addon/v1/toys'].post.description).toContain('toys.write');
    expect(doc.info.description).toContain('toys.delete');
    // The named schemas the SDK's types are generated from (test/api/openapi.test.ts).
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Toy', 'ToyCreate', 'ToyPatch']));
    expect(doc.paths['/api/addon/v1/toys'].post.operationId).toBe('createToy');
  });

  it('has its events in the catalog, its status event among them, fired by its changes', async () => {
    const catalog = (await em.call('GET', 'events/catalog')).body.data;
    const names = catalog.map((e: { name: string }) => e.name);
    expect(names).toEqual(expect.arrayContaining(['toy.created', 'toy.updated', 'toy.deleted', 'toy.loved']));
    expect(catalog.find((e: { name: string }) => e.name === 'toy.loved')).toMatchObject({ scope: 'toys.read' });
    const triggered = await em.trigger('toy.loved');
    expect(triggered.data).toMatchObject({ status: 'loved' });
    expect(triggered.data.toyId).toMatch(/^toy_/);
  });

  it('is seeded with its samples, walked along its lifecycle', async () => {
    const summary = await em.seed('org_toys', 2);
    expect(summary.created).toMatchObject({ toys: 3, customers: 2 });
    const page = em.records('toys', 'org_toys', { limit: 10, offset: 0 });
    expect(page.data.map((toy) => [toy.name, toy.status])).toEqual([
      ['Teddy 0', 'lost'],
      ['Teddy 1', 'lost'],
      ['Teddy 2', 'lost'],
    ]);
    expect(em.status().resources).toContain('toys');
  });
});
