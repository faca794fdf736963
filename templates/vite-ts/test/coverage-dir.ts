// Platform coverage (`npm run coverage`): every emulator and host page of the suite writes what it
// met of the platform into this directory when it closes (vitest.config.ts hands it to the workers
// as ADDON_COVERAGE_DIR), and `addon coverage` merges the files.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const coverageDir = fileURLToPath(new URL('../.addon/coverage', import.meta.url));

/** vitest's globalSetup: each run starts from an empty directory, so no file of an earlier run merges in. */
export default function emptyCoverageDir(): void {
  rmSync(coverageDir, { recursive: true, force: true });
}
