import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { execa } from 'execa';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, inProcess, ROOT, tempDir } from '../helpers.js';

/**
 * The OpenAPI document checked by tools this project does not use to make it: Redocly's linter, and
 * openapi-typescript, whose types the SDK's record types are (src/sdk/browser/api-types.ts).
 * `ADDON_WRITE_SDK_TYPES=1` (npm run sdk-types) writes that file instead of comparing it.
 */
const SDK_TYPES = join(ROOT, 'src/sdk/browser/api-types.ts');
const HEADER = `// Generated from the emulator's OpenAPI document by openapi-typescript: do not edit.
// \`npm run sdk-types\` writes it again; test/api/openapi.test.ts fails when it is out of date.
`;

let document: string;
beforeAll(async () => {
  const em = await inProcess();
  document = (await em.inject('/api/addon/v1/openapi.json')).body;
});
afterAll(cleanUp);

async function generatedTypes(): Promise<string> {
  const ast = await openapiTS(document, { defaultNonNullable: false, alphabetize: false });
  const config = await resolveConfig(SDK_TYPES);
  return format(HEADER + astToString(ast) + resourcesOf(JSON.parse(document)), { ...config, filepath: SDK_TYPES });
}

type Operation = { operationId?: string; requestBody?: { content: Record<string, { schema: { $ref?: string } }> } };

/**
 * The business resources, from the operations every one has (`list<Names>`, `create<Name>`,
 * `update<Name>`): the SDK's client makes one namespace per entry, typed by its schemas.
 */
function resourcesOf(doc: { paths: Record<string, Record<string, Operation>> }): string {
  const schema = (operation: Operation) =>
    operation.requestBody!.content['application/json'].schema.$ref!.split('/').pop()!;
  const entries = Object.entries(doc.paths).flatMap(([path, operations]) => {
    const create = operations.post?.operationId?.startsWith('create') ? operations.post : undefined;
    if (!create || !operations.get?.operationId?.startsWith('list')) return [];
    const name = path.split('/').pop()!;
    const record = schema(create).replace(/Create$/, '');
    const types = ['record', 'create', 'patch'].map(
      (kind, i) => `${kind}: components['schemas']['${record}${['', 'Create', 'Patch'][i]}']`,
    );
    return [{ name, line: `  ${name}: { ${types.join('; ')} };` }];
  });
  return `
/** The business resources by path, each with its record, create body and patch body. */
export interface Resources {
${entries.map((e) => e.line).join('\n')}
}

/** The business resources' paths, in the document's order. */
export const RESOURCE_NAMES = [${entries.map((e) => `'${e.name}'`).join(', ')}] as const;
`;
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules: no error, and no warning but the public catalog's lack of a 4XX", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: document, absoluteRef: 'openapi.json', config });
    const summary = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}`);
    expect(summary).toEqual(['warn operation-4xx-response #/paths/~1api~1addon~1v1~1events~1catalog/get/responses']);
  });

  it('gives the SDK its record types (the committed file is what openapi-typescript makes of it)', async () => {
    const generated = await generatedTypes();
    if (process.env.ADDON_WRITE_SDK_TYPES) await writeFile(SDK_TYPES, generated);
    expect(await readFile(SDK_TYPES, 'utf8')).toBe(generated);
  });

  it('compiles a typed client generated from it, whose answers are real types, not never', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'api.ts'), await generatedTypes());
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
  const invoice: components['schemas']['InvoiceCreate'] = {
    customerId: 'cus_1',
    lineItems: [{ description: 'Consulting', quantity: 2, unitPrice: 150 }],
  };
  const status: components['schemas']['Invoice']['status'] = 'paid';
  // @ts-expect-error: a status the lifecycle does not have
  const wrong: components['schemas']['Invoice']['status'] = 'lost';
  return [...names, String(email), invoice.customerId, status, wrong];
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
