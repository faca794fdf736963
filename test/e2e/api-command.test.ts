// `addon api METHOD PATH`: one call of the add-on REST API from the terminal, with a token minted
// for it, against a running `addon dev`, as a user runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, cli, expectOneLine, startDev, type DevProcess } from '../helpers.js';

let dev: DevProcess;
beforeAll(async () => {
  dev = await startDev(['--ephemeral', '--scopes', 'customers.read,customers.write']);
});
afterAll(cleanUp);

const api = (...args: string[]) => cli(['api', ...args, '--emulator', dev.url]);

describe('addon api', () => {
  it('makes the call with a minted token: the status line on stderr, the JSON body on stdout', async () => {
    const created = await api('POST', '/customers', '--data', `{"name":"O'Brien & Sons"}`);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toBe('201 Created');
    const customer = JSON.parse(created.stdout).data;
    expect(customer).toMatchObject({ name: "O'Brien & Sons" });

    const listed = await api('get', `/api/addon/v1/customers?limit=5`);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stderr).toBe('200 OK');
    expect(JSON.parse(listed.stdout).data.map((c: { _id: string }) => c._id)).toEqual([customer._id]);

    const json = await api('GET', `/customers/${customer._id}`, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 200, body: { data: { _id: customer._id } } });
  });

  it('says an error answer in one line and exits 1: a 403 of a scope the token lacks', async () => {
    const refused = await api('POST', '/customers', '--data', '{"name":"Globex"}', '--scopes', 'customers.read');
    expectOneLine(refused, /^addon: POST \/customers answered 403: insufficient_scope: .*customers\.write/);
    expect(refused.stdout).toBe('');
  });

  it('takes a usage mistake for one, exit 2: an unknown method, a path outside the API, bad JSON', async () => {
    expectOneLine(await api('FETCH', '/customers'), /<method> takes one of GET, HEAD, POST, PUT, PATCH, DELETE/, 2);
    expectOneLine(await api('GET', '/../../_emulator/status'), /<path> must be a path of the add-on API/, 2);
    // A dot segment within the API is refused too: a URL would resolve it away, making another call.
    expectOneLine(
      await api('GET', '/customers/../invoices'),
      'addon: <path> must be a path of the add-on API under /api/addon/v1, with no . or .. segment (got "/customers/../invoices")',
      2,
    );
    expectOneLine(await api('POST', '/customers', '--data', '{name}'), /--data takes a JSON object/, 2);
  });
});
