// Runs a TypeScript module of this package (`node scripts/run-ts.js scripts/x.ts`), which Node 22.17
// cannot load itself (its type stripping is behind a flag until 22.18). rolldown (already the CLI's bundler) bundles it with the sources it imports,
// leaving packages to node_modules, into one file that is imported and then deleted: a few tens of
// milliseconds, and no dist/ needed, so the build can run it before tsc.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, parse, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';

const [entry] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.js <module.ts>');
  process.exit(2);
}

// The bundle is imported from under node_modules so that its packages resolve as from the package root.
// Its name is this run's own: two builds sharing node_modules (the packed-package test's copy) never meet.
const cache = resolve('node_modules/.cache/addon-devkit');
const file = join(cache, `${parse(entry).name}.${process.pid}-${Date.now()}.mjs`);

const bundle = await rolldown({
  input: resolve(entry),
  platform: 'node',
  external: (id) => !id.startsWith('.') && !isAbsolute(id),
  logLevel: 'warn',
});
try {
  const { output } = await bundle.generate({ format: 'esm', codeSplitting: false, sourcemap: 'inline' });
  await mkdir(cache, { recursive: true });
  await writeFile(file, output[0].code);
  // Errors point into the sources, not into a bundle that is gone by the time anyone reads them.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(file).href);
} finally {
  await bundle.close();
  await rm(file, { force: true });
}
