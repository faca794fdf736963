// The seeded world repeats, ids and all (src/domain/seed.ts gives its records the sample ids), so a
// contract run from the OpenAPI document's examples alone, as Dredd makes one, gets every operation's
// documented success against `addon dev --seed`: the examples name the seeded world's records.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cleanUp, cli, startDev, tempDir } from '../helpers.js';
import type { ExampleOperation } from '../openapi-examples.js';

afterAll(cleanUp);

interface Operation extends ExampleOperation {
  responses: Record<string, unknown>;
}

it(
  'answers every operation its documented success with the examples alone, against addon dev --seed',
  { timeout: 60_000 },
  async () => {
    const dev = await startDev(['--seed', '--ephemeral']);
    const document = (await (await fetch(`${dev.apiUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const { token } = (await (await fetch(`${dev.url}/_emulator/tokens`, { method: 'POST' })).json()) as {
      token: string;
    };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    // In the document's order, as a contract tester (Dredd) runs them: a delete's example is the last
    // seeded record, which no later example needs.
    const wrong: string[] = [];
    for (const { method, path, operation } of operations) {
      const success = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
      if (!success.length) continue;
      let url = path;
      for (const { in: where, name, example } of operation.parameters ?? [])
        if (where === 'path') url = url.replace(`{${name}}`, encodeURIComponent(String(example)));
      const body = operation.requestBody?.content['application/json']?.example;
      const answer = await fetch(`${new URL(dev.apiUrl).origin}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      if (!success.includes(String(answer.status)))
        wrong.push(`${method} ${path}: ${answer.status} ${text.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  },
);

it(
  'makes the same world on every addon seed, ids included, and numbers a second seed on',
  { timeout: 60_000 },
  async () => {
    const dir = await tempDir();
    const exported: string[] = [];
    for (const name of ['first', 'second']) {
      const dev = await startDev(['--ephemeral']);
      expect((await cli(['seed', '--emulator', dev.url])).exitCode).toBe(0);
      const file = join(dir, `${name}.json`);
      expect((await cli(['state', 'export', file, '--emulator', dev.url])).exitCode).toBe(0);
      // Apart from the times: each emulator's clock started when it did.
      exported.push((await readFile(file, 'utf8')).replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"'));
      if (name === 'second') {
        expect((await cli(['seed', '--emulator', dev.url])).exitCode).toBe(0);
        const { data } = (await (await fetch(`${dev.url}/_emulator/records/customers?limit=100`)).json()) as {
          data: Array<{ _id: string }>;
        };
        const ids = data.map(({ _id }) => _id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toContain('cus_0000000000000001');
        expect(ids).toContain(`cus_${ids.length.toString(16).padStart(16, '0')}`);
      }
      await dev.stop();
    }
    expect(exported[1]).toBe(exported[0]);
    expect(exported[0]).toContain('"_id": "inv_0000000000000001"');
  },
);
