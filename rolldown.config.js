import { readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';
import { eagerFactories } from './scripts/cli-bundle/eager-factories.js';

/**
 * CommonJS packages that only some runs load, on first use: ajv and ajv-formats (src/common/json/validator.ts)
 * when a schema is first compiled, fastify's own compilers (the OpenAPI document's instance), pino (fastify's logger, which the emulator turns off)
 * and light-my-request (`inject`). A `require` must answer at once, so they cannot be chunks of the ES
 * module bundle that an `import()` loads; in it, they cost every start the compiling of ~400 KB
 * (docs/performance.md). They are bundled on their own instead, as CommonJS files in dist/cli/lazy/
 * (one per package, sharing chunks), which the CLI requires when it first needs them.
 */
const ON_USE = [
  'ajv',
  'ajv-formats',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'pino',
  'light-my-request',
  // Through stand-ins (below): fastify's check of a plugin's declared fastify version, its trustProxy.
  'semver',
  '@fastify/proxy-addr',
];
const onUseFile = (name) => name.replace('@', '').replace('/', '-');

/** src/common/require-on-use.ts, which requires them from node_modules, as the bundle has it instead. */
const REQUIRE_ON_USE = fileURLToPath(new URL('dist/common/require-on-use.js', import.meta.url));

const requireOnUse = {
  name: 'require-on-use',
  resolveId(source) {
    // fastify's own lazy requires (its compilers, pino, light-my-request) are pointed there too.
    if (ON_USE.includes(source)) return { id: `./lazy/${onUseFile(source)}.cjs`, external: true };
    if (source.startsWith('./lazy/')) return { id: source, external: true };
    return null;
  },
  load(id) {
    if (id !== REQUIRE_ON_USE) return null;
    return [
      `import { createRequire } from 'node:module';`,
      `const require = createRequire(import.meta.url);`,
      `const files = ${JSON.stringify(Object.fromEntries(ON_USE.map((name) => [name, `./lazy/${onUseFile(name)}.cjs`])))};`,
      `export const requireOnUse = (id) => require(files[id] ?? id);`,
    ].join('\n');
  },
};

/**
 * Modules that fastify requires at the top of a file for what the emulator never asks of it:
 * node:http2 and node:https (its `http2` and `https` options), semver (a plugin's declared fastify
 * version, which none of the plugins registered declares: src/api/request-path.ts) and
 * @fastify/proxy-addr with ipaddr.js (its `trustProxy` option). Loading them took ~6 ms of every
 * start. fastify gets a stand-in for each that requires the module on the first use of one of its
 * properties; semver and proxy-addr are then lazily required files, as above.
 */
const ON_FIRST_USE = [
  { module: 'node:http2', from: 'fastify/lib/server.js' },
  { module: 'node:https', from: 'fastify/lib/server.js' },
  { module: 'semver', from: 'fastify/lib/plugin-utils.js' },
  { module: '@fastify/proxy-addr', from: 'fastify/lib/request.js' },
];

const standIns = {
  name: 'stand-ins',
  async resolveId(source, importer) {
    const lazy = ON_FIRST_USE.find(({ module, from }) => source === module && importer?.endsWith(`/${from}`));
    if (!lazy) return null;
    const resolved = await this.resolve(source, importer, { skipSelf: true });
    return resolved && `\0stand-in:${resolved.id}`;
  },
  load(id) {
    if (!id.startsWith('\0stand-in:')) return null;
    const module = JSON.stringify(id.slice('\0stand-in:'.length));
    return `let loaded;\nmodule.exports = new Proxy({}, { get: (_, key) => (loaded ??= require(${module}))[key] });`;
  },
};

/**
 * Node's own modules, as the code imports them (`import { createServer } from 'node:http'`), taken
 * from `process.getBuiltinModule()` rather than by an ES module import. Importing one makes Node
 * build its ES module facade, which reads every export, and some exports are getters that load
 * more: on Node 22 and 24, the facade of node:http loads undici (the `fetch` behind its WebSocket
 * and EventSource exports) with node:zlib and node:tls, and those of node:process, node:util and
 * node:fs load the stream, readline and perf modules behind theirs (~25 ms of `addon exec` on Node
 * 22, docs/performance.md). A module here exports each
 * property of the builtin as a pure read, so the bundle keeps, and reads at start, only those that
 * something imports. Only ES module imports come here: a CommonJS `require` never builds a facade.
 */
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const builtinsWithoutFacade = {
  name: 'builtins-without-facade',
  resolveId(source, importer, { kind }) {
    // Not rolldown's own runtime (a `\0` module): the entry's chunk would import it, and it the entry.
    if (kind !== 'import-statement' || !BUILTINS.has(source) || importer?.startsWith('\0')) return null;
    return `\0builtin:${source.replace(/^node:/, '')}`;
  },
  load(id) {
    if (!id.startsWith('\0builtin:')) return null;
    const name = `node:${id.slice('\0builtin:'.length)}`;
    const builtin = process.getBuiltinModule(name);
    const keys = Object.keys(builtin).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key));
    return {
      code: [
        `const __builtin = process.getBuiltinModule(${JSON.stringify(name)});`,
        'const __read = (key) => __builtin[key];',
        'export default __builtin;',
        // Pure, so the bundle keeps only the exports something imports, and reads no other getter.
        ...keys.map((key) => `export const ${key} = /* @__PURE__ */ __read(${JSON.stringify(key)});`),
      ].join('\n'),
      moduleSideEffects: false,
    };
  },
};

/**
 * The entry's chunks of an earlier build that this one did not write, removed: `npm pack` in a
 * working copy takes the whole of dist/, and a chunk left by a build of another layout would ship,
 * never to be loaded. Not rolldown's `cleanDir`: dist/cli also holds tsc's output (dist/cli/lazy,
 * rolldown's alone, has it).
 */
const noStaleChunks = {
  name: 'no-stale-chunks',
  writeBundle({ dir }, bundle) {
    for (const file of readdirSync(dir))
      if (/\.bundle\.js(\.map)?$/.test(file) && !(file.replace(/\.map$/, '') in bundle)) rmSync(join(dir, file));
  },
};

const output = {
  // Minified, it compiles a sixth faster. Names are kept, for stack traces and for code that reads
  // a function's or class's name; `node --enable-source-maps` maps positions back to the sources.
  minify: true,
  keepNames: true,
  sourcemap: true,
  // Positions only: they point at files that ship beside the bundle (dist/, node_modules/), so the
  // sources need not be copied in, which took the packed package from 1.6 MB to well under half.
  sourcemapExcludeSources: true,
};

/**
 * The `addon` CLI as one ES module, built from tsc's output in dist/. Node resolves, reads and
 * compiles 540 module files to start the unbundled CLI; that was the largest share of
 * `addon dev`'s start-up (docs/performance.md). The bundle sits beside dist/cli/main.js, so every
 * path the code finds relative to its own module (package.json, dist/host-ui, templates, demo-addon)
 * resolves as before. What only some runs need is split into chunks loaded when first used: fastify
 * with the emulator's routes (src/emulator/http-app.ts, which `addon exec` makes only for its
 * command's first request), execa (`dev`, and `exec` on Windows; bundled, its own ~80 module files
 * cost a start about 70 ms),
 * @fastify/swagger with yaml (the OpenAPI document, built on its first request) and @fastify/send
 * (the first file served); the CommonJS packages above go to dist/cli/lazy/. open stays outside: it
 * runs a script shipped in its own package folder; so do the browser pieces `addon check` loads when
 * present (playwright-core, @sparticuz/chromium, axe-core): optional or large, they are the user's
 * installed copies.
 */
export default defineConfig([
  {
    input: { 'addon-cli': 'dist/cli/main.js' },
    platform: 'node',
    external: ['open', 'playwright-core', '@sparticuz/chromium', 'axe-core'],
    plugins: [builtinsWithoutFacade, standIns, requireOnUse, eagerFactories(), noStaleChunks],
    // Shared code stays in the entry chunk, which the lazily loaded chunks import from, rather than
    // in a chunk of its own behind a one-line facade.
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist/cli',
      format: 'esm',
      entryFileNames: '[name].bundle.js',
      chunkFileNames: '[name].bundle.js',
      // Every module the entry imports statically is in the entry, one file: left to itself, rolldown
      // puts those that the lazily loaded chunks (the other commands, the HTTP app) share in chunks of
      // their own (eight, once the other commands were a chunk), each one more file every start reads.
      codeSplitting: { groups: [{ name: 'addon-cli', tags: ['$initial'] }] },
      ...output,
    },
    logLevel: 'warn',
  },
  {
    input: Object.fromEntries(ON_USE.map((name) => [onUseFile(name), name])),
    platform: 'node',
    plugins: [eagerFactories()],
    output: {
      dir: 'dist/cli/lazy',
      cleanDir: true,
      format: 'cjs',
      entryFileNames: '[name].cjs',
      chunkFileNames: '[name].chunk.cjs',
      ...output,
    },
    logLevel: 'warn',
  },
]);
