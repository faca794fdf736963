import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { api, cleanUp, cli, startDev, tempDir } from '../helpers.js';

afterEach(cleanUp);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

it("runs the add-on's dev command, waits for its URL, prefixes its output, subscribes its webhooks, and stops it on exit", async () => {
  const dir = await tempDir();
  const port = await freePort();
  await writeFile(
    join(dir, 'server.mjs'),
    `import http from 'node:http';
     console.log('stand-in add-on for ' + process.env.ADDON_API_URL);
     setTimeout(() => http.createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1', () => console.log('listening')), 300);`,
  );
  await writeFile(
    join(dir, 'addon.config.json'),
    JSON.stringify({
      appId: 'com.example.standin',
      url: `http://127.0.0.1:${port}/`,
      scopes: ['customers.*', 'invoices.read'],
      dev: 'node server.mjs',
      webhooks: [{ event: 'invoice.paid', url: `http://127.0.0.1:${port}/hooks` }],
    }),
  );
  const dev = await startDev(['--ephemeral'], { cwd: dir });
  expect(dev.output()).toContain('[addon] stand-in add-on for ' + dev.apiUrl);
  expect(dev.output()).toContain('[addon] listening');
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

  const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
  const subscriptions = await api(`${dev.apiUrl}/events/subscriptions`, { token });
  expect(subscriptions.body.data).toEqual([
    { event: 'invoice.paid', webhookUrl: `http://127.0.0.1:${port}/hooks`, isActive: true },
  ]);

  await dev.stop('SIGINT');
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
});

it.each([
  ['addon dev alone', false],
  ['its whole process group, as a closed terminal or a CI runner does', true],
])("stops the add-on's dev command when kill -9 ends %s, which no signal handler sees", async (_, group) => {
  const dir = await tempDir();
  const port = await freePort();
  // A dev command that starts a server of its own, as npm starts vite: the group, not the shell, must stop.
  await writeFile(
    join(dir, 'server.mjs'),
    `import http from 'node:http';
     http.createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1', () => console.log('listening'));`,
  );
  await writeFile(
    join(dir, 'addon.config.json'),
    JSON.stringify({ appId: 'com.example.standin', url: `http://127.0.0.1:${port}/`, dev: 'node server.mjs' }),
  );
  const dev = await startDev(['--ephemeral'], { cwd: dir, group });
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  await dev.stop('SIGKILL');
  await vi.waitFor(() => expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(), {
    timeout: 10_000,
    interval: 100,
  });
});

it('refuses a configured subscription the add-on has no scope for, in one line', async () => {
  const dir = await tempDir();
  await writeFile(
    join(dir, 'addon.config.json'),
    JSON.stringify({
      appId: 'com.example.x',
      scopes: ['customers.read'],
      webhooks: [{ event: 'invoice.paid', url: 'http://127.0.0.1:9/h' }],
    }),
  );
  const result = await cli(['dev', '--no-open', '--ephemeral', '--port', '0'], { cwd: dir });
  expect(result.exitCode).toBe(1);
  expect(result.stderr.trim()).toBe(
    'addon: webhook subscription to invoice.paid (http://127.0.0.1:9/h) in addon.config.json: invoice.paid needs invoices.read, which the add-on is not granted',
  );
});
