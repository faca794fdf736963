import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fast-check-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // End-to-end tests spawn real processes; two cores do not take more than a few at once.
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
