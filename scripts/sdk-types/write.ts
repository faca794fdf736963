// `npm run build` runs this first (through scripts/run-ts.js), from the package root: it writes the
// SDK's generated types for the platform's own resources, before tsc compiles the SDK with them.
// A file is written only when its text changes, so that tools watching mtimes do not rebuild for nothing,
// and the files are not made again while the document and the generator are unchanged (cache.ts).
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import { writeWhole } from '../../src/shared/files/file-write.js';
import { cachedTypes } from './cache.js';
import { GENERATED_DIR, openApiDocument, sdkTypesOf } from './generate.js';

const document = await openApiDocument(DEFAULT_REGISTRY);
const files = await cachedTypes(document, () => sdkTypesOf(document, DEFAULT_REGISTRY));
await mkdir(GENERATED_DIR, { recursive: true });
for (const [name, text] of Object.entries(files)) {
  const path = join(GENERATED_DIR, name);
  if ((await readFile(path, 'utf8').catch(() => null)) === text) continue;
  await writeWhole(path, text);
  console.log(`wrote ${path}`);
}
