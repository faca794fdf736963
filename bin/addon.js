#!/usr/bin/env node
// Thin shim: the CLI is bundled into dist/cli/addon-cli.bundle.js (by `npm install`, through the
// `prepare` script, or `npm run build`), which starts faster than its 540 module files.
import module from 'node:module';
import { unsupportedNode } from './node-support.js';

// On a release the kit does not support, one line and exit 1, before the bundle is even parsed.
const unsupported = unsupportedNode(process.versions.node);
if (unsupported) {
  process.stderr.write(`addon: ${unsupported}\n`);
  process.exit(1);
}

// Node 22.1 and later keep V8's compiled code of the bundle between runs, in a directory under the
// system's temp dir (NODE_COMPILE_CACHE names another; NODE_DISABLE_COMPILE_CACHE=1 turns it off),
// so a run after the first skips most of the compiling (docs/performance.md). The bundle is imported
// after, for the cache to cover it.
module.enableCompileCache();

const { main } = await import('../dist/cli/addon-cli.bundle.js');
await main(process.argv.slice(2));
