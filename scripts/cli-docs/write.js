// `npm run build` runs this once tsc has compiled the CLI: it writes the command reference of
// docs/cli.md from the CLI's own commands, flags and examples, between the file's markers (the
// compiled CLI, as it finds its package.json beside itself). Written only when its text changes.
import { readFile, writeFile } from 'node:fs/promises';
import { processIo } from '../../dist/cli/cli-io.js';
import { program } from '../../dist/cli/main.js';
import { cliReference, withReference } from '../../dist/cli/reference.js';

const path = new URL('../../docs/cli.md', import.meta.url);
const before = await readFile(path, 'utf8');
const after = withReference(before, cliReference(await program(processIo())));
if (after !== before) {
  await writeFile(path, after);
  console.log('wrote docs/cli.md');
}
