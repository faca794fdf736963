import { createRequire } from 'node:module';

/**
 * `require` for the CommonJS dependencies that load on first use rather than at start (ajv and
 * ajv-formats): most runs of the CLI never need them, and loading them was a share of every
 * start (docs/performance.md). Here it requires them from node_modules; the CLI bundle puts in its
 * own version (rolldown.config.js), which loads them from the bundle's files in dist/cli/lazy/.
 */
export const requireOnUse: (id: string) => unknown = createRequire(import.meta.url);
