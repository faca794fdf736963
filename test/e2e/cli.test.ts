import { once } from 'node:events';
import { createServer } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, expectOneLine, followLogs, startDev, tempDir } from '../helpers.js';

afterEach(cleanUp);

/** The CLI as a user runs it, against `addon dev` spawned as a process. */
describe('addon dev with the token, clock and logs commands', () => {
  it('serves the API to a token with customers.read: 200 on GET, 403 with requiredScope on POST', async () => {
    const dev = await startDev(['--data', await tempDir()]);
    const minted = await cli(['token', '--scopes', 'customers.read', '--emulator', dev.url]);
    expect(minted.exitCode).toBe(0);
    const token = minted.stdout.trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const list = await api(`${dev.apiUrl}/customers?limit=2`, { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [], total: 0 });

    const post = await api(`${dev.apiUrl}/customers`, { token, body: { name: 'Acme' } });
    expect(post.status).toBe(403);
    expect(post.body).toMatchObject({ requiredScope: 'customers.write', grantedScopes: ['customers.read'] });
  });

  it('finds the emulator through ADDON_EMULATOR_URL and prints claims with --json', async () => {
    const dev = await startDev(['--ephemeral', '--org', 'org_acme', '--user', 'usr_jane', '--app-id', 'com.acme.sync']);
    const minted = await cli(['token', '--json', '--expires-in', '10m'], { env: { ADDON_EMULATOR_URL: dev.url } });
    const { token, claims } = JSON.parse(minted.stdout);
    expect(claims).toMatchObject({
      type: 'addon_session',
      orgId: 'org_acme',
      userId: 'usr_jane',
      appId: 'com.acme.sync',
      scopes: ['*'],
    });
    expect(claims.exp - claims.iat).toBe(600);
    expect((await api(`${dev.apiUrl}/customers`, { token })).status).toBe(200);
  });

  it('expires a token after `addon clock advance 61m`', async () => {
    const dev = await startDev(['--ephemeral']);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    expect((await api(`${dev.apiUrl}/customers`, { token })).status).toBe(200);
    const advanced = await cli(['clock', 'advance', '61m', '--emulator', dev.url]);
    expect(advanced.exitCode).toBe(0);
    expect(advanced.stdout).toMatch(/1h 1m ahead of real time/);
    const expired = await api(`${dev.apiUrl}/customers`, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('token_expired');
    const clock = JSON.parse((await cli(['clock', '--json', '--emulator', dev.url])).stdout);
    expect(clock.offsetMs).toBe(3_660_000);
  });

  it('answers the sixth call with 429 under --rate-limit 5', async () => {
    const dev = await startDev(['--ephemeral', '--rate-limit', '5']);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await api(`${dev.apiUrl}/customers`, { token }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0', '0']);
    const limited = answers[5];
    expect(limited.headers.get('x-ratelimit-limit')).toBe('5');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });

  it('shows the audit log with `addon logs --json`, and follows it', async () => {
    const dev = await startDev(['--ephemeral']);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    await api(`${dev.apiUrl}/products`, { token });
    const logs = await cli(['logs', '--json', '--emulator', dev.url]);
    expect(JSON.parse(logs.stdout).data).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/addon/v1/products', status: 200 }),
    ]);
    expect(logs.stdout).not.toContain(token);

    const follower = await followLogs(dev.url, ['--json', '-n', '0']);
    await api(`${dev.apiUrl}/tickets`, { token });
    await expect.poll(follower.printed).toContain('/tickets');
    await follower.stop();
    expect(JSON.parse(follower.printed().trim().split('\n')[0])).toMatchObject({ path: '/api/addon/v1/tickets' });
  });

  it('keeps data and keys across a restart, and flushes on Ctrl-C', async () => {
    const data = await tempDir();
    const first = await startDev(['--data', data]);
    const token = (await cli(['token', '--emulator', first.url])).stdout.trim();
    const created = await api(`${first.apiUrl}/customers`, { token, body: { name: 'Kept Ltd' } });
    await first.stop('SIGINT');
    expect(first.process.exitCode).toBe(0);

    const second = await startDev(['--data', data]);
    const fetched = await api(`${second.apiUrl}/customers/${created.body.data._id}`, { token });
    expect(fetched.status).toBe(200);
    expect(fetched.body.data.name).toBe('Kept Ltd');
  });

  it('seeds with --seed and with `addon seed`', async () => {
    const dev = await startDev(['--ephemeral', '--seed']);
    const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
    const before = (await api(`${dev.apiUrl}/customers`, { token })).body.total;
    expect(before).toBeGreaterThan(0);
    const seeded = await cli(['seed', '--org', 'org_two', '--size', '3', '--emulator', dev.url]);
    expect(seeded.stdout).toMatch(/^Seeded org_two: .*3 customers/);
  });
});

describe('user errors: one line on stderr, non-zero exit, no stack', () => {
  it('no emulator running', async () => {
    // A port that was free a moment ago, and is closed now.
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    server.close();
    await once(server, 'close');
    const result = await cli(['token', '--emulator', url]);
    expectOneLine(result);
    expect(result.stderr.trim()).toBe(
      `addon: no emulator answers at ${url}: start one with "addon dev", or pass --emulator URL`,
    );
  });

  it('a scope that was not declared, and a bad duration', async () => {
    const dev = await startDev(['--ephemeral', '--scopes', 'customers.read']);
    const undeclared = await cli(['token', '--scopes', 'invoices.read', '--emulator', dev.url]);
    expectOneLine(undeclared);
    expect(undeclared.stderr).toMatch(/not among the declared scopes/);
    expectOneLine(
      await cli(['clock', 'advance', 'soon', '--emulator', dev.url]),
      /^addon: <duration> takes a duration/,
      2,
    );
  });

  it('a port in use, and a data dir in use', async () => {
    const data = await tempDir();
    const dev = await startDev(['--data', data]);
    const port = new URL(dev.url).port;
    const busyPort = await cli(['dev', '--no-open', '--ephemeral', '--port', port]);
    expectOneLine(busyPort);
    expect(busyPort.stderr).toMatch(new RegExp(`port ${port} is in use`));
    const busyDir = await cli(['dev', '--no-open', '--port', '0', '--data', data]);
    expectOneLine(busyDir);
    expect(busyDir.stderr).toContain(`in use by the emulator at ${dev.url}`);
  });

  it('a broken addon.config.json, an unknown field in it, and bad flags', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'addon.config.json'), '{"appId": ');
    expectOneLine(await cli(['dev', '--no-open', '--ephemeral'], { cwd: dir }));
    await writeFile(join(dir, 'addon.config.json'), JSON.stringify({ appId: 'com.example.x', scope: ['x'] }));
    const unknownField = await cli(['exec', '--', 'true'], { cwd: dir });
    expectOneLine(unknownField);
    expect(unknownField.stderr).toMatch(/scope is not a known field/);
    expectOneLine(await cli(['dev', '--rate-limit', 'many']), /^addon: --rate-limit takes a whole number/, 2);
    expectOneLine(
      await cli(['dev', '--app-id', 'noreverse', '--ephemeral', '--no-open']),
      /^addon: --app-id takes a reverse-domain app id/,
      2,
    );
  });
});

describe('addon exec', () => {
  it('exits with the exit code of the command', async () => {
    const result = await cli(['exec', '--', 'node', '-e', 'process.exit(3)']);
    expect(result.exitCode).toBe(3);
  });

  it('gives the command a running emulator, its API URL and a token with the configured scopes', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'addon.config.json'),
      JSON.stringify({ appId: 'com.example.ci', scopes: ['customers.*', 'invoices.read'] }),
    );
    const script = `
      const res = await fetch(process.env.ADDON_API_URL + '/customers', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + process.env.ADDON_TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'From CI' }),
      });
      const claims = JSON.parse(Buffer.from(process.env.ADDON_TOKEN.split('.')[1], 'base64url'));
      console.log(JSON.stringify({ status: res.status, scopes: claims.scopes, appId: claims.appId, emulator: process.env.ADDON_EMULATOR_URL }));
    `;
    const result = await cli(['exec', '--', 'node', '--input-type=module', '-e', script], { cwd: dir });
    expect(result.exitCode).toBe(0);
    const out = JSON.parse(result.stdout.trim());
    expect(out).toMatchObject({ status: 201, scopes: ['customers.*', 'invoices.read'], appId: 'com.example.ci' });
    expect(out.emulator).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('reports a command that does not exist with exit 127', async () => {
    const result = await cli(['exec', '--', 'no-such-command-here']);
    expect(result.exitCode).toBe(127);
    expect(result.stderr.trim()).toBe('addon: command not found: no-such-command-here');
  });
});

describe('addon --help', () => {
  it('lists the commands and exits 0', async () => {
    const result = await cli(['--help']);
    expect(result.exitCode).toBe(0);
    for (const command of ['dev', 'token', 'clock', 'logs', 'seed', 'exec']) expect(result.stdout).toContain(command);
  });
});
