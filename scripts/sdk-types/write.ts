// `npm run build` runs this first (through scripts/run-ts.js), from the package root: it writes the
// SDK's generated types for the platform's own resources, before tsc compiles the SDK with them.
// A file is written only when its text changes, so that tools watching mtimes do not rebuild for nothing,
// and the files are not made again while the document and the generator are unchanged (cache.ts).
import { DEFAULT_REGISTRY } from '../../src/domain/resources/registry.js';
import { writeChanged } from '../write-changed.js';
import { cachedTypes } from './cache.js';
import { GENERATED_DIR, openApiDocument, sdkTypesOf } from './generate.js';

const document = await openApiDocument(DEFAULT_REGISTRY);
const files = await cachedTypes(document, () => sdkTypesOf(document, DEFAULT_REGISTRY));
await writeChanged(GENERATED_DIR, Object.entries(files));
