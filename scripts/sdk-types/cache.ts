import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeWhole } from '../../src/common/files/file-write.js';
import { isJsonObject } from '../../src/common/json/json-bounds.js';
import type { GeneratedFiles } from './generate.js';

/**
 * The generated files last made, beside a key of everything they are made from, so that a build whose
 * OpenAPI document has not changed skips openapi-typescript and Prettier (two thirds of the
 * generator's time, about 2.5 s of CPU). test/api/openapi.test.ts always generates afresh, so a key
 * that missed an input would fail the test rather than go unnoticed. Paths are from the package root.
 */
const CACHE = 'node_modules/.cache/addon-devkit/sdk-types.json';
const GENERATOR = 'scripts/sdk-types';
/** The versions of openapi-typescript and Prettier, and Prettier's settings. */
const TOOLS = ['package-lock.json', '.prettierrc.json'];

export async function cachedTypes(document: string, make: () => Promise<GeneratedFiles>): Promise<GeneratedFiles> {
  const key = await keyOf(document);
  const cached: unknown = await readFile(CACHE, 'utf8')
    .then(JSON.parse)
    .catch(() => null);
  // Written whole by this module under the same key, so from the same generator: its files are whole too.
  if (isJsonObject(cached) && cached.key === key) return cached.files as GeneratedFiles;
  const files = await make();
  await mkdir(dirname(CACHE), { recursive: true });
  await writeWhole(CACHE, JSON.stringify({ key, files }));
  return files;
}

async function keyOf(document: string): Promise<string> {
  const generator = (await readdir(GENERATOR)).sort().map((name) => join(GENERATOR, name));
  const hash = createHash('sha256').update(document);
  for (const path of [...generator, ...TOOLS]) hash.update(`\0${path}\0`).update(await readFile(path));
  return hash.digest('hex');
}
