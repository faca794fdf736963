// Tests start their own emulator and backend on free ports; this file keeps vite.config.ts (and its
// backend on port 8787) out of them.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.ts'] },
});
