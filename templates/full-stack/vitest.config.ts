// Tests start their own emulator and backend on free ports; this file keeps vite.config.ts (and its
// backend on port 8787) out of them.
import { defineConfig } from 'vitest/config';
import { coverageDir } from './test/coverage-dir.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every run records which parts of the platform the tests met (test/coverage-dir.ts).
    env: { ADDON_COVERAGE_DIR: coverageDir },
    globalSetup: ['test/coverage-dir.ts'],
  },
});
