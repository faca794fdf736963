import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { DEFAULT_EMULATOR_URL } from '../src/sdk/browser/addresses.js';

// The emulator the dev server forwards to (`npx vite host-ui` while `addon dev` runs).
const emulator = process.env.ADDON_EMULATOR_URL ?? DEFAULT_EMULATOR_URL;

// The control API refuses any Origin but the emulator's own (CSRF guard, docs/control-api.md), and the
// dev server's origin is not one of them. In development only, the proxy strips the headers that
// mark the request as coming from a page, so it looks like a local tool's; the built page is served
// by the emulator itself and needs none of this.
const toEmulator: ProxyOptions = {
  target: emulator,
  changeOrigin: true,
  configure: (proxy) => {
    proxy.on('proxyReq', (request) => {
      request.removeHeader('origin');
      request.removeHeader('sec-fetch-site');
      request.removeHeader('referer');
    });
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  build: {
    // Relative to root: the package's dist/, where the emulator serves it from.
    outDir: '../dist/host-ui',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/_emulator': toEmulator,
      '/api': toEmulator,
      '/.well-known': toEmulator,
    },
  },
});
