import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_DIR, generateSdkTypes } from '../../scripts/sdk-types/generate.js';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import { cleanUp, inProcess, type InProcessEmulator, ROOT, tempDir } from '../helpers.js';
import { examplesOf, invalidExamples, type ExampleOperation } from '../openapi-examples.js';

/**
 * The OpenAPI document checked by tools this project does not use to make it: Redocly's linter, and
 * openapi-typescript with its default options, whose types the SDK's record types are:
 * scripts/sdk-types/ generates them into src/sdk/browser/generated/ on every `npm run build`, and
 * here the committed files are checked.
 */
let em: InProcessEmulator;
let document: string;
beforeAll(async () => {
  em = await inProcess();
  document = (await em.inject('/api/addon/v1/openapi.json')).body;
});
afterAll(cleanUp);

const committed = (name: string) => readFile(join(ROOT, GENERATED_DIR, name), 'utf8');

/** The parts of the document these tests read. */
interface Schema {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
}
interface Response {
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown }>;
}
interface OpenApi {
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, Response> }>>;
  components: { schemas: Record<string, Schema>; headers?: Record<string, { schema: Schema }> };
}

describe('the OpenAPI document', () => {
  it('gives every path parameter and every request body an example, valid against its schema', () => {
    const examples = examplesOf(document);
    // The resources' bodies and ids, the configuration's, the storage's and the subscriptions'.
    expect(examples.length).toBeGreaterThan(30);
    expect(invalidExamples(document)).toEqual([]);
    const { paths } = JSON.parse(document) as { paths: Record<string, Record<string, ExampleOperation>> };
    // Taken from the definitions' samples: the first customer's, and an id of the ids' shape.
    const created = paths['/api/addon/v1/customers'].post.requestBody?.content['application/json'].example;
    expect(created).toMatchObject({ name: expect.any(String), address: expect.any(Object) });
    const [id] = paths['/api/addon/v1/invoices/{id}'].get.parameters ?? [];
    expect(id.example).toMatch(/^inv_[0-9a-f]{16}$/);
  });

  it("passes Redocly's recommended rules: no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: document, absoluteRef: 'openapi.json', config });
    const summary = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}`);
    expect(summary).toEqual([]);
  });

  it('declares the rate-limit headers once, on every answer of every operation that has a rate window', () => {
    const { paths, components } = JSON.parse(document) as OpenApi;
    const declared = Object.entries(components.headers ?? {}).map(([name, { schema }]) => `${name} ${schema.type}`);
    expect(declared).toEqual([
      'X-RateLimit-Limit integer',
      'X-RateLimit-Remaining integer',
      'X-RateLimit-Reset integer',
      'Retry-After integer',
    ]);
    const rate = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ at: `${method} ${path}`, ...operation })),
    );
    for (const { at, security, responses } of operations) {
      for (const [status, { headers = {} }] of Object.entries(responses)) {
        // No token, no window: the public catalog, and a 401, carry none (docs/api.md, "Rate limit").
        const expected =
          security?.length === 0 || status === '401' ? [] : status === '429' ? [...rate, 'Retry-After'] : rate;
        expect(Object.keys(headers), `${at} ${status}`).toEqual(expected);
        for (const [name, header] of Object.entries(headers))
          expect(header).toEqual({ $ref: `#/components/headers/${name}` });
      }
    }
    expect(operations.filter(({ security }) => security?.length === 0).map(({ at }) => at)).toEqual([
      'get /api/addon/v1/events/catalog',
    ]);
  });

  it('gives the public catalog a 4xx: the 400 it answers to a query parameter it does not take', async () => {
    const { paths } = JSON.parse(document) as OpenApi;
    const { responses } = paths['/api/addon/v1/events/catalog'].get;
    expect(Object.keys(responses)).toEqual(['200', '400']);
    expect(responses['400'].content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    const refused = await em.inject('/api/addon/v1/events/catalog?bogus=1');
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'validation_failed']);
  });

  it('says no `default` in a request body (a generator would make those fields required), but in the description', () => {
    const { components } = JSON.parse(document) as OpenApi;
    const bodies = Object.entries(components.schemas).filter(([name]) => /(Create|Patch)$/.test(name));
    expect(bodies.length).toBeGreaterThan(0);
    for (const [name, schema] of bodies) expect(JSON.stringify(schema), name).not.toMatch(/"default":/);
    const { currency, taxRate, status } = components.schemas.InvoiceCreate.properties ?? {};
    expect([currency, taxRate, status].map((field) => field.description)).toEqual([
      "ISO 4217 code; defaults to the customer's currency",
      'percent, applied to the subtotal. Default: 0.',
      'initial status. Default: "draft".',
    ]);
    expect(components.schemas.CustomerCreate.properties?.currency.description).toBe('ISO 4217 code. Default: "USD".');
  });

  it('gives the SDK its types: the committed generated files are what the generator makes of it now', async () => {
    const files = await generateSdkTypes(DEFAULT_REGISTRY);
    for (const [name, text] of Object.entries(files)) {
      expect(await committed(name), `${GENERATED_DIR}/${name} is out of date: run \`npm run build\``).toBe(text);
    }
  });

  it('compiles a typed client generated from it with default options, whose answers are real types, not never', async () => {
    const dir = await tempDir();
    // openapi-typescript as a user runs it: no options (defaultNonNullable is on, so a schema's
    // `default` would make its field required).
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    await writeFile(join(dir, 'api.ts'), astToString(await openapiTS(document)));
    await writeFile(
      join(dir, 'client.ts'),
      `import type { components, paths } from './api.js';
type Json<P extends keyof paths, M extends 'get' | 'post', S extends number> =
  paths[P][M] extends { responses: Record<S, { content: { 'application/json': infer B } }> } ? B : never;
export async function call<P extends keyof paths>(base: string, path: P, token: string): Promise<Json<P, 'get', 200>> {
  const response = await fetch(base + path, { headers: { authorization: 'Bearer ' + token } });
  return (await response.json()) as Json<P, 'get', 200>;
}
export async function check(base: string, token: string): Promise<string[]> {
  const catalog = await call(base, '/api/addon/v1/events/catalog', token);
  const names: string[] = catalog.data.map((event) => event.name + ' ' + event.scope);
  const customers = await call(base, '/api/addon/v1/customers', token);
  const first: components['schemas']['Customer'] | undefined = customers.data[0];
  const email: string | null | undefined = first?.email;
  // Fields with a default (currency, status, taxRate) may be left out of a create body.
  const invoice: components['schemas']['InvoiceCreate'] = {
    customerId: 'cus_1',
    lineItems: [{ description: 'Consulting', quantity: 2, unitPrice: 150 }],
  };
  const customer: components['schemas']['CustomerCreate'] = { name: 'Ada' };
  const product: components['schemas']['ProductCreate'] = { name: 'Desk', unitPrice: 300 };
  // @ts-expect-error: a required field left out
  const nameless: components['schemas']['CustomerCreate'] = { currency: 'EUR' };
  const status: components['schemas']['Invoice']['status'] = 'paid';
  // @ts-expect-error: a status the lifecycle does not have
  const wrong: components['schemas']['Invoice']['status'] = 'lost';
  // The rate-limit headers are numbers, Retry-After on the 429; the public catalog has a 400.
  type List = paths['/api/addon/v1/customers']['get']['responses'];
  type Headers = [List[200]['headers']['X-RateLimit-Remaining'], List[429]['headers']['Retry-After']];
  const headers: Headers extends [number, number] ? true : false = true;
  type Refused = paths['/api/addon/v1/events/catalog']['get']['responses'][400]['content']['application/json'];
  const refused: Refused extends components['schemas']['Error'] ? true : false = true;
  return [...names, String(email), invoice.customerId, customer.name, product.name, String(nameless), status, wrong,
    String(headers && refused)];
}
`,
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const options = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--lib', 'es2022,dom'];
    const result = await execa('node', [tsc, ...options, join(dir, 'client.ts')], { reject: false });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
  });
});
