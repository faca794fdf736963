#!/usr/bin/env node
// Thin shim: the CLI is bundled into dist/cli/addon-cli.bundle.js (by `npm install`, through the
// `prepare` script, or `npm run build`), which starts faster than its 540 module files.
import { main } from '../dist/cli/addon-cli.bundle.js';

await main(process.argv.slice(2));
