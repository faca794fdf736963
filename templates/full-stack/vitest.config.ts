// Tests start their own emulator and receiver on free ports; this file keeps vite.config.ts (and its
// receiver on port 8787) out of them.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/**/*.test.ts'] },
});
