import { describe, expect, it } from 'vitest';
import { hostPageOrigin } from '../../src/emulator/host-page-origin.js';

describe('hostPageOrigin', () => {
  it.each([
    // The add-on on the emulator's own loopback name: the page takes the other one, another site.
    ['http://127.0.0.1:4455', 'http://127.0.0.1:5173/', 'http://localhost:4455'],
    ['http://127.0.0.1:4455', 'http://127.0.0.1:4455/addon/', 'http://localhost:4455'],
    ['http://localhost:4455', 'http://localhost:5173/', 'http://127.0.0.1:4455'],
    ['http://[::1]:4455', 'http://[::1]:5173/', 'http://localhost:4455'],
    // Another site already: as it is.
    ['http://127.0.0.1:4455', 'http://localhost:5173/', 'http://127.0.0.1:4455'],
    ['http://127.0.0.1:4455', 'http://app.localhost:5173/', 'http://127.0.0.1:4455'],
    ['http://127.0.0.1:4455', 'http://[::1]:5173/', 'http://127.0.0.1:4455'],
    ['http://127.0.0.1:4455', 'https://127.0.0.1:5173/', 'http://127.0.0.1:4455'],
    ['http://127.0.0.1:4455', 'https://addon.example/', 'http://127.0.0.1:4455'],
    // An emulator on a name with no other to take: as it is.
    ['http://192.168.1.5:4455', 'http://192.168.1.5:5173/', 'http://192.168.1.5:4455'],
    // No add-on yet.
    ['http://127.0.0.1:4455', null, 'http://127.0.0.1:4455'],
  ])('%s with an add-on at %s: %s', (emulator, addon, page) => {
    expect(hostPageOrigin(emulator, addon)).toBe(page);
  });
});
