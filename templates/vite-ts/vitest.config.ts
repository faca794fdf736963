import { defineConfig } from 'vitest/config';
import { coverageDir } from './test/coverage-dir.ts';

export default defineConfig({
  test: {
    // Every run records which parts of the platform the tests met (test/coverage-dir.ts).
    env: { ADDON_COVERAGE_DIR: coverageDir },
    globalSetup: ['test/coverage-dir.ts'],
  },
});
