import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server } from 'node:net';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, BIN, cleanUp, cli, expectOneLine, startDev, type DevProcess } from '../helpers.js';

// Once at the end: the emulator below is shared by the tests of its describe block.
afterAll(cleanUp);

async function listening(server: Server | ReturnType<typeof createHttpServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('a command that finds something other than the emulator says so in one line', () => {
  const servers: Array<Server | ReturnType<typeof createHttpServer>> = [];
  const start = async (server: Server | ReturnType<typeof createHttpServer>) => {
    servers.push(server);
    return listening(server);
  };
  afterAll(() => {
    for (const server of servers) {
      if ('closeAllConnections' in server) server.closeAllConnections();
      server.close();
    }
  });

  it('a web server that is not the emulator', async () => {
    const url = await start(
      createHttpServer((_q, r) => r.writeHead(404, { 'content-type': 'text/html' }).end('<html>nope</html>')),
    );
    expectOneLine(
      await cli(['deliveries', '--emulator', url]),
      `addon: ${url} answered, but it is not an addon emulator (HTTP 404, text/html); pass the emulator's URL with --emulator`,
    );
  });

  it('a JSON service that is not the emulator: nothing is sent to it but the status probe', async () => {
    const seen: string[] = [];
    const url = await start(
      createHttpServer((q, r) => {
        seen.push(`${q.method} ${q.url}`);
        r.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}');
      }),
    );
    expectOneLine(
      await cli(['clock', 'advance', '1h', '--emulator', url]),
      `addon: ${url} answered, but it is not an addon emulator (HTTP 200, application/json); pass the emulator's URL with --emulator`,
    );
    expect(seen).toEqual(['GET /_emulator/status']);
  });

  it('a service that does not speak HTTP', async () => {
    const url = await start(createTcpServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n')));
    expectOneLine(
      await cli(['token', '--emulator', url]),
      new RegExp(
        `^addon: ${url} answered, but it is not an addon emulator \\(.+\\); pass the emulator's URL with --emulator$`,
      ),
    );
  });

  it('a server that accepts the connection and never answers', async () => {
    const url = await start(createTcpServer(() => {}));
    expectOneLine(
      await cli(['token', '--emulator', url]),
      `addon: ${url} did not answer within 3 s; is an addon emulator running there?`,
    );
  });
});

describe('flags: one line in the words of the CLI', () => {
  it('a port out of range (a usage error, exit 2), and a host that does not exist', async () => {
    expectOneLine(
      await cli(['dev', '--no-open', '--ephemeral', '--port', '99999']),
      'addon: --port takes a port from 0 to 65535 (got "99999")',
      2,
    );
    expectOneLine(
      await cli(['dev', '--no-open', '--ephemeral', '--port', '0', '--host', 'no-such-host.invalid']),
      'addon: cannot listen on host no-such-host.invalid: no such host',
    );
  });

  describe('against a running emulator', () => {
    let dev: DevProcess;
    beforeAll(async () => {
      dev = await startDev(['--ephemeral']);
    });
    const run = (args: string[]) => cli([...args, '--emulator', dev.url]);

    it('bounds are said with flag names, never "invalid body" or "invalid querystring", before any call', async () => {
      expectOneLine(
        await run(['token', '--expires-in', '40d']),
        'addon: --expires-in takes a duration of whole seconds from 1s to 30d, like 10m or 2h (got "40d")',
        2,
      );
      expectOneLine(
        await run(['deliveries', '--limit', '6000']),
        'addon: --limit takes a whole number from 1 to 5000 (got "6000")',
        2,
      );
      expectOneLine(
        await run(['seed', '--size', '10001']),
        'addon: --size takes a whole number from 1 to 10000 (got "10001")',
        2,
      );
      expectOneLine(
        await run(['inbox', 'shop', '--limit', '500']),
        'addon: --limit takes a whole number from 1 to 200 (got "500")',
        2,
      );
      expectOneLine(await run(['token', '--org', 'no spaces']), /^addon: --org takes 1 to 64 letters/, 2);
      // What only the emulator knows is its answer, in the command's words: a scope it never declared.
      expectOneLine(await run(['token', '--scopes', 'bogus:scope']), /^addon: unknown requested scope bogus:scope/);
    });

    it('refuses what a new user mistypes in one line, exit 2, and the emulator is left as it was', async () => {
      const before = (await api(`${dev.url}/_emulator/clock`)).body.offsetMs;
      expectOneLine(
        await run(['clock', 'advance', '5']),
        'addon: <duration> has no unit: write 5s, 5m, 5h or 5d (got "5")',
        2,
      );
      expectOneLine(await run(['clock', 'advance', '0s']), 'addon: <duration> must be at least 1ms (got "0s")', 2);
      expect((await api(`${dev.url}/_emulator/clock`)).body.offsetMs).toBe(before);
      expectOneLine(
        await run(['token', '--scopes', '']),
        'addon: --scopes names no scope: list them, like invoices.read,customers.*, or give none for no scope at all (got "")',
        2,
      );
      const openapi = `${dev.url}/api/addon/v1/openapi.json`;
      expectOneLine(
        await cli(['token', '--emulator', openapi]),
        `addon: --emulator takes the emulator's origin alone (scheme, host and port): use ${dev.url} (got "${openapi}")`,
        2,
      );
      expectOneLine(
        await cli(['token'], { env: { ADDON_EMULATOR_URL: openapi } }),
        `addon: ADDON_EMULATOR_URL takes the emulator's origin alone (scheme, host and port): use ${dev.url} (got "${openapi}")`,
        2,
      );
    });

    it('refuses an event that is not in the catalog when listing deliveries', async () => {
      expectOneLine(
        await run(['deliveries', '--event', 'invoice.exploded']),
        'addon: invoice.exploded is not in the event catalog (GET /api/addon/v1/events/catalog)',
      );
    });

    it('says when the audit log is still empty', async () => {
      const logs = await run(['logs']);
      expect(logs).toMatchObject({ exitCode: 0, stdout: 'No API calls logged yet.' });
    });

    it('mints a token with no scope when asked for none, which every call needing one is refused', async () => {
      const minted = await run(['token', '--scopes', 'none', '--json']);
      const { token, claims } = JSON.parse(minted.stdout);
      expect(claims.scopes).toEqual([]);
      const refused = await api(`${dev.apiUrl}/customers`, { token });
      expect(refused).toMatchObject({ status: 403, body: { requiredScope: 'customers.read', grantedScopes: [] } });
    });

    it('shows and replays a delivery by a unique prefix of its id, as git does', async () => {
      const { token } = (await api(`${dev.url}/_emulator/tokens`, { body: {} })).body;
      await api(`${dev.apiUrl}/events/subscribe`, {
        token,
        body: { event: 'ticket.created', webhookUrl: `${dev.url}/inbox/prefix` },
      });
      const triggered = JSON.parse((await run(['trigger', 'ticket.created', '--json'])).stdout);
      const id: string = triggered.deliveries[0].deliveryId;
      const shown = await run(['deliveries', 'show', id.slice(0, 8), '--json']);
      expect(JSON.parse(shown.stdout).deliveryId).toBe(id);
      const replayed = await run(['deliveries', 'replay', id.slice(0, 8), '--json']);
      expect(JSON.parse(replayed.stdout)).toMatchObject({ replayOf: id, status: 'succeeded' });
      expectOneLine(
        await run(['deliveries', 'show', id.slice(0, 3)]),
        `addon: delivery ${id.slice(0, 3)} does not exist in the delivery log (a prefix needs at least 4 characters)`,
      );
    });
  });
});

describe('what addon dev and addon exec print of their own', () => {
  it('names --emulator in the token hint when not on the default port', async () => {
    const child = execa('node', [BIN, 'dev', '--no-open', '--ephemeral', '--port', '0'], {
      env: { NO_COLOR: '1', CI: '1' },
      reject: false,
      buffer: false,
    });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk;
          if (out.includes('export ADDON_EMULATOR_URL=')) resolve();
        });
        child.on('exit', () => reject(new Error(`addon dev exited:\n${out}`)));
      });
      const url = /Host page\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)![1];
      expect(out).toContain(`Mint a token with npx addon token --emulator ${url}; Ctrl-C stops.`);
      expect(out).toContain(`export ADDON_EMULATOR_URL=${url}`);
    } finally {
      child.kill();
      await child;
    }
  });

  it('exec --json reports ready and exit as JSON lines on stderr, leaving stdout to the command', async () => {
    const result = await cli(['exec', '--json', '--', 'node', '-e', 'console.log("child"); process.exit(4)']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('child');
    const [ready, exit] = result.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(ready).toMatchObject({
      event: 'ready',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      apiUrl: expect.stringMatching(/\/api\/addon\/v1$/),
      appId: 'com.example.demo-addon',
    });
    expect(exit).toMatchObject({ event: 'exit', exitCode: 4, durationMs: expect.any(Number) });
  });
});
