import { describe, expect, it } from 'vitest';
import { loopbackOnly } from '../../src/mcp/loopback.js';
import { apiUrl } from '../../src/mcp/tools/session.js';
import { path } from '../../src/mcp/tools/tool.js';

/** Where addon mcp sends: an emulator on this machine, and there only the add-on API's paths. */
describe('addon mcp addresses', () => {
  it('takes an emulator on this machine only', () => {
    for (const origin of ['http://127.0.0.1:4455', 'http://localhost:4455', 'http://[::1]:4455', 'https://localhost'])
      expect(loopbackOnly(origin)).toBe(origin);
    for (const origin of [
      'http://192.0.2.1:4455',
      'http://127.0.0.2:4455',
      'http://localhost.example',
      'http://0.0.0.0:4455',
    ])
      expect(() => loopbackOnly(origin)).toThrow(/only to an emulator on this machine/);
  });

  it("keeps call_api's path under the add-on API of the emulator", () => {
    const base = 'http://127.0.0.1:4455';
    expect(apiUrl(base, '/customers?limit=2')).toBe(`${base}/api/addon/v1/customers?limit=2`);
    expect(apiUrl(base, 'customers')).toBe(`${base}/api/addon/v1/customers`);
    expect(apiUrl(base, '/api/addon/v1/invoices/inv_1')).toBe(`${base}/api/addon/v1/invoices/inv_1`);
    expect(apiUrl(base, '//evil.example/x')).toBe(`${base}/api/addon/v1//evil.example/x`);
    for (const path of ['/../../_emulator/tokens', '/..', '/%2e%2e/%2e%2e/_emulator/status', '/api/addon/v1/../../x'])
      expect(() => apiUrl(base, path), path).toThrow(/under \/api\/addon\/v1/);
  });

  it("puts an id or a name in one segment of the control API's path, never a step up it", () => {
    expect(path('states', 'a/../../reset')).toBe('/states/a%2F..%2F..%2Freset');
    expect(path('organizations', '%2e%2e', 'installation')).toBe('/organizations/%252e%252e/installation');
    // A URL takes these as steps up (/deliveries/../replay is /replay): refused, as no id or name is one.
    for (const id of ['.', '..'])
      expect(() => path('deliveries', id, 'replay'), id).toThrow(`"${id}" is not an id or a name`);
  });
});
