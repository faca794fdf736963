import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fast-check-seed.ts'],
    // A guard against a hang, not a measure of speed (tests wait on events): an end-to-end test
    // that spawns a dozen CLI processes took up to 29 s on a 2-core CI machine running the suite.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll's own default is 1 s: too short for another process (addon dev, a CLI, Chromium)
    // to get there on a loaded machine. A poll returns as soon as its condition holds.
    expect: { poll: { timeout: 15_000 } },
    // End-to-end tests spawn real processes; two cores do not take more than a few at once.
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
