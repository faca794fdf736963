// `addon-devkit/testing` as a component's unit test uses it: the built package, imported by Node with
// a window of jsdom's, mockHost() and the built SDK's connect(). Neither playwright-core nor a
// Chromium is loaded for it (openHostPage() loads them on its first call); a resolve hook sees every
// module the process loads, as it then sees playwright-core when the script imports it.
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterEach, expect, it } from 'vitest';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

const dist = (path: string) => JSON.stringify(new URL(`../../dist/${path}`, import.meta.url).href);
/** A package of the kit's node_modules, as the script (in a folder of its own) imports it. */
const kitPackage = (name: string) => JSON.stringify(pathToFileURL(createRequire(import.meta.url).resolve(name)).href);

const SCRIPT = `
import { register } from 'node:module';
// The hooks keep every URL resolved; importing 'loaded:N' answers with the list so far, in order after
// every import before it, as the hooks take one request after another.
const hooks = 'const loaded = [];' +
  'export async function resolve(specifier, context, next) {' +
  '  if (specifier.startsWith("loaded:")) return { shortCircuit: true, url: "data:text/javascript,export default " + encodeURIComponent(JSON.stringify(loaded)) + ";//" + specifier };' +
  '  const resolved = await next(specifier, context); loaded.push(resolved.url); return resolved; }';
register('data:text/javascript,' + encodeURIComponent(hooks));
const browserModules = async (n) => (await import('loaded:' + n)).default.filter((url) => /playwright|chromium/.test(url));

const { JSDOM } = await import(${kitPackage('jsdom')});
const { window } = new JSDOM('', { url: 'http://localhost:3000/' });
Object.assign(globalThis, { window, document: window.document, location: window.location, history: window.history, MessageEvent: window.MessageEvent });
const { mockHost } = await import(${dist('testing/index.js')});
const { connect } = await import(${dist('sdk/browser/index.js')});
const host = await mockHost({ scopes: ['customers.read'], emulatorOptions: { coverage: false } });
const { client } = await connect({ apiUrl: host.apiUrl });
const customers = await client.customers.list();
await host.close();
const before = await browserModules(1);
const seenMockHost = (await import('loaded:2')).default.some((url) => url.endsWith('/dist/testing/mock-host.js'));
await import(${kitPackage('playwright-core')});
console.log(JSON.stringify({ total: customers.total, before, seenMockHost, after: (await browserModules(3)).length > 0 }));
`;

it('loads neither playwright-core nor a Chromium for mockHost()', async () => {
  const dir = await tempDir();
  await writeFile(join(dir, 'unit.mjs'), SCRIPT);
  const run = await execa('node', [join(dir, 'unit.mjs')], { cwd: dir, reject: false });
  expect(run.exitCode, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual({
    total: 0,
    before: [],
    seenMockHost: true,
    after: true,
  });
});
