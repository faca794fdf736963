import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { cleanUp, inProcess, type InProcessEmulator } from '../helpers.js';
import { postWith, RESOURCE_NAMES, samplePatch, sampleRecords } from '../sample-records.js';

afterEach(cleanUp);

let em: InProcessEmulator;
let token: string;
let customerId: string;

beforeEach(async () => {
  em = await inProcess();
  token = (await em.token()).token;
  customerId = (await em.call('POST', 'customers', { token, body: { name: 'Acme Ltd' } })).body.data._id;
});

describe('collections', () => {
  it.each(RESOURCE_NAMES)('%s: create, get, list, update, delete', async (name) => {
    const samples = sampleRecords(postWith(em.call, token));
    const definition = samples.definition(name);
    const record = await samples.record(name);
    expect(record._id).toMatch(new RegExp(`^${definition.idPrefix}_[0-9a-f]{16}$`));
    expect(record.createdAt).toBe(record.updatedAt);

    expect(await em.call('GET', `${name}/${record._id}`, { token })).toMatchObject({
      status: 200,
      body: { data: record },
    });
    const list = await em.call('GET', `${name}?limit=100`, { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual(record);
    expect(list.body.total).toBe(list.body.data.length);

    const { patch, field } = samplePatch(definition, record, await samples.body(name, 1));
    const patched = await em.call('PATCH', `${name}/${record._id}`, { token, body: patch });
    expect(patched.status).toBe(200);
    expect(patched.body.data[field]).toEqual(patch[field]);
    expect(patched.body.data.createdAt).toBe(record.createdAt);
    // Read again after the update: the record as updated, not the text its first reads kept.
    expect((await em.call('GET', `${name}/${record._id}`, { token })).body.data).toEqual(patched.body.data);
    expect((await em.call('GET', `${name}?limit=100`, { token })).body.data).toContainEqual(patched.body.data);

    expect((await em.call('DELETE', `${name}/${record._id}`, { token })).status).toBe(204);
    const gone = await em.call('GET', `${name}/${record._id}`, { token });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('not_found');
    expect((await em.call('DELETE', `${name}/${record._id}`, { token })).status).toBe(404);
  });

  it('paginates with limit and offset, oldest first, and refuses limits over 100', async () => {
    for (let i = 0; i < 4; i++) await em.call('POST', 'customers', { token, body: { name: `C${i}` } });
    const page = await em.call('GET', 'customers?limit=2&offset=2', { token });
    expect(page.body.total).toBe(5);
    expect(page.body.data.map((c: { name: string }) => c.name)).toEqual(['C1', 'C2']);
    expect((await em.call('GET', 'customers', { token })).body.data).toHaveLength(5);
    const tooMany = await em.call('GET', 'customers?limit=101', { token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toEqual([{ in: 'querystring', field: 'limit', message: 'must be at most 100' }]);
    expect((await em.call('GET', 'customers?limit=abc', { token })).status).toBe(400);
    expect((await em.call('GET', 'customers?offset=-1', { token })).status).toBe(400);
  });

  it('keeps every organization to itself: another organization sees 404 and an empty list', async () => {
    const other = (await em.token({ orgId: 'org_other' })).token;
    expect((await em.call('GET', `customers/${customerId}`, { token: other })).status).toBe(404);
    expect(
      (await em.call('PATCH', `customers/${customerId}`, { token: other, body: { name: 'Hijacked' } })).status,
    ).toBe(404);
    expect((await em.call('DELETE', `customers/${customerId}`, { token: other })).status).toBe(404);
    expect((await em.call('GET', 'customers', { token: other })).body).toEqual({ data: [], total: 0 });
    const invoice = await em.call('POST', 'invoices', {
      token: other,
      body: { customerId, lineItems: [{ description: 'x', quantity: 1, unitPrice: 1 }] },
    });
    expect(invoice.status).toBe(400);
    expect((await em.call('GET', `customers/${customerId}`, { token })).body.data.name).toBe('Acme Ltd');
  });

  it('needs invoices.write to create an invoice', async () => {
    const readOnly = (await em.token({ scopes: ['invoices.read', 'customers.*'] })).token;
    const res = await em.call('POST', 'invoices', { token: readOnly, body: { customerId, lineItems: [] } });
    expect(res.body).toMatchObject({ statusCode: 403, requiredScope: 'invoices.write' });
  });
});

describe("the order of an answer's fields", () => {
  const reversed = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).reverse());
  const keysOf = (value: Record<string, unknown>) => Object.keys(value);

  it("is the record schema's (the OpenAPI document's), at every depth, whatever order a request or a state file sent", async () => {
    const { recordSchema } = sampleRecords(postWith(em.call, token)).definition('customers');
    const schemaKeys = (schema: { properties: Record<string, unknown> }, present: Record<string, unknown>) =>
      Object.keys(schema.properties).filter((key) => key in present);
    const addressSchema = recordSchema.properties.address as unknown as { properties: Record<string, unknown> };
    const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
    const body = reversed({ name: 'Order Ltd', email: 'o@example.com', currency: 'EUR', address: reversed(address) });

    const created = (await em.call('POST', 'customers', { token, body })).body.data;
    expect(keysOf(created)).toEqual(Object.keys(recordSchema.properties));
    expect(keysOf(created.address)).toEqual(schemaKeys(addressSchema, address));
    const patched = (
      await em.call('PATCH', `customers/${created._id}`, { token, body: { address: reversed(address) } })
    ).body.data;
    expect(keysOf(patched.address)).toEqual(schemaKeys(addressSchema, address));

    // The same record, every object in it reversed, through an exported and re-imported state file.
    const state = (await em.call('GET', '/_emulator/state')).body;
    const org = state.organizations[Object.keys(state.organizations)[0]!];
    org.records.customers = org.records.customers.map((record: Record<string, unknown>) =>
      reversed({ ...record, address: record.address && reversed(record.address as Record<string, unknown>) }),
    );
    expect((await em.call('PUT', '/_emulator/state', { body: state })).status).toBe(200);
    const read = (await em.call('GET', `customers/${created._id}`, { token })).body.data;
    expect(keysOf(read)).toEqual(Object.keys(recordSchema.properties));
    expect(keysOf(read.address)).toEqual(schemaKeys(addressSchema, address));
    expect(read).toEqual(patched);
  });
});

describe('bad input', () => {
  it('names every bad field, without coercing types or dropping unknown fields', async () => {
    const res = await em.call('POST', 'invoices', {
      token,
      body: { customerId, lineItems: [{ description: 'x', quantity: '2' }], discount: 5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { in: 'body', field: 'discount', message: 'is not a known field' },
        { in: 'body', field: 'lineItems[0].unitPrice', message: 'is required' },
        { in: 'body', field: 'lineItems[0].quantity', message: 'must be number' },
      ]),
    );
    expect((await em.call('GET', 'invoices', { token })).body.total).toBe(0);
  });

  it('answers malformed JSON with 400, an empty PATCH with 400, and an oversized body with 413', async () => {
    expect((await em.call('POST', 'customers', { token, body: '{"name": ' })).body).toMatchObject({
      statusCode: 400,
      code: 'invalid_json',
    });
    expect((await em.call('PATCH', `customers/${customerId}`, { token, body: {} })).status).toBe(400);
    const huge = await em.call('POST', 'customers', { token, body: { name: 'x', notes: 'y'.repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
    expect((await em.call('GET', 'customers', { token })).body.total).toBe(1);
  });

  it('lets a PATCH clear an optional field with null, but not a required one', async () => {
    await em.call('PATCH', `customers/${customerId}`, { token, body: { email: 'ap@acme.example' } });
    const cleared = await em.call('PATCH', `customers/${customerId}`, { token, body: { email: null } });
    expect(cleared.body.data.email).toBeNull();
    expect((await em.call('PATCH', `customers/${customerId}`, { token, body: { name: null } })).status).toBe(400);
    expect((await em.call('PATCH', `customers/${customerId}`, { token, body: { currency: null } })).status).toBe(400);
  });

  it('takes JSON Merge Patch bodies, refuses other body types with 415, and lets a DELETE name JSON without a body', async () => {
    const merged = await em.call('PATCH', 'config', {
      token,
      body: { a: 1 },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(merged.status).toBe(200);
    const text = await em.call('POST', 'customers', {
      token,
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.body).toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
    const created = await em.call('POST', 'products', { token, body: { name: 'Pen', unitPrice: 1 } });
    const deleted = await em.call('DELETE', `products/${created.body.data._id}`, { token, body: '' });
    expect(deleted.status).toBe(204);
  });

  it('answers a malformed URL with the same error shape', async () => {
    const res = await em.call('GET', 'customers/%E0%A4%A', { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: expect.any(String) });
  });

  it('answers an unknown route with the same error shape', async () => {
    const res = await em.call('GET', 'payroll', { token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'route_not_found' });
  });

  it('rejects __proto__ keys in bodies, saying why', async () => {
    const res = await em.call('POST', 'customers', { token, body: '{"name":"x","__proto__":{"admin":true}}' });
    expect(res.body).toMatchObject({ statusCode: 400, code: 'forbidden_key' });
  });
});

describe('add-on config and storage', () => {
  it('stores a config object per app, replaced by PUT and merged by PATCH', async () => {
    expect((await em.call('GET', 'config', { token })).body.data).toMatchObject({ values: {}, updatedAt: null });
    await em.call('PUT', 'config', { token, body: { syncEnabled: true, mapping: { a: 1, b: 2 } } });
    const patched = await em.call('PATCH', 'config', { token, body: { mapping: { b: null, c: 3 } } });
    expect(patched.body.data.values).toEqual({ syncEnabled: true, mapping: { a: 1, c: 3 } });
    const otherApp = (await em.token({ appId: 'com.example.other' })).token;
    expect((await em.call('GET', 'config', { token: otherApp })).body.data.values).toEqual({});
    expect((await em.call('DELETE', 'config', { token })).status).toBe(204);
    expect((await em.call('GET', 'config', { token })).body.data.values).toEqual({});
  });

  it('keeps key-value entries per app: 201 on create, 200 on replace, 204 on delete', async () => {
    expect((await em.call('PUT', 'storage/last-sync', { token, body: { value: { at: '2026-11-22' } } })).status).toBe(
      201,
    );
    const replaced = await em.call('PUT', 'storage/last-sync', { token, body: { value: 42 } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ _id: 'last-sync', key: 'last-sync', value: 42 });
    expect((await em.call('GET', 'storage', { token })).body).toMatchObject({
      total: 1,
      data: [{ key: 'last-sync', value: 42 }],
    });
    const otherApp = (await em.token({ appId: 'com.example.other' })).token;
    expect((await em.call('GET', 'storage/last-sync', { token: otherApp })).status).toBe(404);
    expect((await em.call('PUT', 'storage/bad key!', { token, body: { value: 1 } })).status).toBe(400);
    expect((await em.call('PUT', 'storage/k', { token, body: { val: 1 } })).status).toBe(400);
    expect((await em.call('DELETE', 'storage/last-sync', { token })).status).toBe(204);
    expect((await em.call('GET', 'storage/last-sync', { token })).status).toBe(404);
  });

  it('takes a storage key of every documented length, 1 to 200 characters, and refuses a longer one', async () => {
    for (const key of ['k', 'k'.repeat(101), 'k'.repeat(200)]) {
      expect((await em.call('PUT', `storage/${key}`, { token, body: { value: key.length } })).status, key).toBe(201);
      expect((await em.call('GET', `storage/${key}`, { token })).body.data, key).toMatchObject({ value: key.length });
      expect((await em.call('DELETE', `storage/${key}`, { token })).status, key).toBe(204);
    }
    const long = await em.call('PUT', `storage/${'k'.repeat(201)}`, { token, body: { value: 1 } });
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({ code: 'invalid_request' });
  });
});

describe('published documents', () => {
  it('serves an OpenAPI 3 document of every route, naming each scope, without a token', async () => {
    const res = await em.call('GET', 'openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(res.body.paths);
    for (const name of RESOURCE_NAMES) {
      expect(paths).toEqual(expect.arrayContaining([`/api/addon/v1/${name}`, `/api/addon/v1/${name}/{id}`]));
    }
    expect(paths.some((p) => p.startsWith('/_emulator'))).toBe(false);
    const create = res.body.paths['/api/addon/v1/invoices'].post;
    expect(create.description).toContain('invoices.write');
    expect(create.summary).toBe('Create an invoice');
    expect(res.body.paths['/api/addon/v1/customers'].post.summary).toBe('Create a customer');
    // The body is the named component InvoiceCreate (docs/api.md#openapi-document).
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/InvoiceCreate',
    });
    expect(res.body.components.schemas.InvoiceCreate.required).toEqual(['customerId', 'lineItems']);
    expect(res.body.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('publishes the verification key as a JWKS that verifies minted tokens', async () => {
    const jwks = (await em.call('GET', '/.well-known/jwks.json')).body;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
    expect(payload.type).toBe('addon_session');
  });
});
