import { defineConfig } from 'rolldown';

/**
 * The `addon` CLI as one ES module, built from tsc's output in dist/. Node resolves, reads and
 * compiles 540 module files to start the unbundled CLI; that was the largest share of
 * `addon dev`'s start-up (docs/performance.md). The bundle sits beside dist/cli/main.js, so every
 * path the code finds relative to its own module (package.json, dist/host-ui, templates, demo-addon)
 * resolves as before. What only some runs need is split into chunks loaded when first used: execa
 * (`exec` and `dev`; bundled, its own ~80 module files cost `addon exec -- true` about 70 ms),
 * @fastify/swagger with yaml (the OpenAPI document, built on its first request) and @fastify/send
 * (the first file served). open stays outside: it runs a script shipped in its own package folder;
 * so do the browser pieces `addon check` loads when present (playwright-core, @sparticuz/chromium,
 * axe-core): optional or large, they are the user's installed copies.
 */
export default defineConfig({
  input: { 'addon-cli': 'dist/cli/main.js' },
  platform: 'node',
  external: ['open', 'playwright-core', '@sparticuz/chromium', 'axe-core'],
  // Shared code stays in the entry chunk, which the lazily loaded chunks import from, rather than
  // in a chunk of its own behind a one-line facade.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist/cli',
    format: 'esm',
    entryFileNames: '[name].bundle.js',
    chunkFileNames: '[name].bundle.js',
    // Minified, it compiles a sixth faster. Names are kept, for stack traces and for code that reads
    // a function's or class's name; `node --enable-source-maps` maps positions back to the sources.
    minify: true,
    keepNames: true,
    sourcemap: true,
    // Positions only: they point at files that ship beside the bundle (dist/, node_modules/), so the
    // sources need not be copied in, which took the packed package from 1.6 MB to well under half.
    sourcemapExcludeSources: true,
  },
  logLevel: 'warn',
});
