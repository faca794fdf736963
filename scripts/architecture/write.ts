// `node scripts/run-ts.js scripts/architecture/write.ts`, from the package root: draws the floors
// of src/ and host-ui/src from their imports into docs/architecture.md (test/unit/floors.test.ts
// fails while the picture there is not what the code makes).
import { readFileSync, writeFileSync } from 'node:fs';
import { floorsPicture, withPicture } from './floors.js';
import { fileGraph, SOURCE_FOLDERS } from './import-graph.js';

const DOC = 'docs/architecture.md';
const files = fileGraph('.', { under: SOURCE_FOLDERS });
writeFileSync(DOC, withPicture(readFileSync(DOC, 'utf8'), floorsPicture(files)));
console.log(`${DOC}: floors drawn`);
