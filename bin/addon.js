#!/usr/bin/env node
// Thin shim: the CLI lives in dist/ (built by `npm install` through the `prepare` script).
import { main } from '../dist/cli/main.js';

await main(process.argv);
