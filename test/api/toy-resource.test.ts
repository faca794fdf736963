import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/index.js';
import { createRegistry } from '../../src/domain/resources/registry.js';
import { generateSdkTypes } from '../../scripts/sdk-types/generate.js';
import { cleanUp, inProcess, type InProcessEmulator } from '../helpers.js';
import { toys } from '../toy-resource.js';
import { invalidExamples } from '../openapi-examples.js';

let em: InProcessEmulator;
beforeAll(async () => {
  em = await inProcess({ resources: [...RESOURCES, toys], scopes: ['toys.*', 'customers.read'] });
});
afterAll(cleanUp);

describe('a resource added in one file', () => {
  it('is served under the API, with its defaults, lifecycle and scope', async () => {
    const { token } = await em.token();
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
    const { token: readOnly } = await em.token({ scopes: ['customers.read'] });
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
    // Its examples, from its samples with no other edit, each valid against its schema.
    const item = doc.paths['/api/addon/v1/toys/{id}'];
    expect(item.get.parameters[0].example).toBe('toy_0000000000000001');
    expect(doc.paths['/api/addon/v1/toys'].post.requestBody.content['application/json'].example).toEqual({
      name: 'Teddy 0',
    });
    expect(item.patch.requestBody.content['application/json'].example).toEqual({ name: 'Teddy 0' });
    expect(invalidExamples(JSON.stringify(doc))).toEqual([]);
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
    const summary = await em.seed({ orgId: 'org_toys', size: 2 });
    expect(summary.created).toMatchObject({ toys: 3, customers: 2 });
    const page = em.records('toys', { orgId: 'org_toys', limit: 10, offset: 0 });
    expect(page.data.map((toy) => [toy.name, toy.status])).toEqual([
      ['Teddy 0', 'lost'],
      ['Teddy 1', 'lost'],
      ['Teddy 2', 'lost'],
    ]);
    expect(em.status().resources).toContain('toys');
  });

  it('is in a state file: exported with its records, and imported back', async () => {
    const { token } = await em.token();
    await em.call('POST', 'toys', { token, body: { name: 'Kept' } });
    const exported = await em.call('GET', '/_emulator/state');
    const orgId = (await em.call('GET', '/_emulator/status')).body.orgId;
    const kept = exported.body.organizations[orgId].records.toys;
    expect(kept.map((toy: { name: string }) => toy.name)).toContain('Kept');
    await em.call('POST', '/_emulator/reset');
    expect((await em.call('GET', 'toys', { token })).body.total).toBe(0);
    expect((await em.call('PUT', '/_emulator/state', { body: exported.body })).status).toBe(200);
    expect((await em.call('GET', 'toys', { token })).body.data).toEqual(kept);
    // A toy the record schema refuses (no name) is refused with the state file.
    const broken = structuredClone(exported.body);
    delete broken.organizations[orgId].records.toys[0].name;
    expect((await em.call('PUT', '/_emulator/state', { body: broken })).body.code).toBe('invalid_state');
  });

  it("is in the SDK's generated types, record, create and patch", async () => {
    const files = await generateSdkTypes(createRegistry([...RESOURCES, toys]));
    // Last in the list of names, however many the registry has before it.
    expect(files['resources.ts'].split('RESOURCE_NAMES = [')[1].split(']')[0].trim()).toMatch(/'toys',?$/);
    expect(files['resources.ts']).toContain('toys: { record: Toy; create: ToyCreate; patch: ToyPatch }');
    const toy = (name: string) => files['api-types.ts'].split(`    ${name}: {\n`)[1].split('\n    };')[0];
    expect(toy('Toy')).toContain("status: 'new' | 'loved' | 'lost';");
    expect(toy('Toy')).toContain('colour: string;');
    expect(toy('ToyCreate')).toContain('colour?: string;');
    expect(toy('ToyPatch')).toContain('status?:');
  });

  it("is in coverage's surface: its operations and their answers, its events and its scopes", async () => {
    const { token } = await em.token();
    await em.call('GET', 'toys', { token });
    const { surface, hits } = em.coverage!.now();
    const toyOperations = ['GET /toys', 'GET /toys/{id}', 'POST /toys', 'PATCH /toys/{id}', 'DELETE /toys/{id}'];
    expect(surface.operations).toEqual(expect.arrayContaining(toyOperations));
    expect(surface.responses).toEqual(
      expect.arrayContaining(['POST /toys 413', 'PATCH /toys/{id} 409', 'GET /toys/{id} 404', 'DELETE /toys/{id} 5xx']),
    );
    const events = ['toy.created', 'toy.updated', 'toy.deleted', 'toy.loved'];
    for (const event of events)
      expect(surface.events.filter((item) => item.startsWith(`${event} `))).toEqual(
        ['subscribed', 'delivered', 'answered 2xx', 'retried', 'duplicate'].map((outcome) => `${event} ${outcome}`),
      );
    // Declared toys.* and customers.read: the toy's three scopes are there, no other resource's but that one.
    expect(surface.scopes).toEqual(['customers.read', 'toys.read', 'toys.write', 'toys.delete']);
    expect(hits.responses['GET /toys 2xx']).toBeGreaterThanOrEqual(1);
    expect(hits.scopes['toys.read']).toBeGreaterThanOrEqual(1);
  });
});
