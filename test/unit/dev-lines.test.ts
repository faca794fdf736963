// addon dev's line per call: gathered into one write (a write each cost a read much of its throughput
// through addon dev, issue 36), in the order printed, before anything else written to the stream, and
// written by the process's exit too (a Ctrl-C stop that exits at once loses none).
import { execa } from 'execa';
import { describe, expect, it, vi } from 'vitest';
import { withIo, type CliIo, type CliStream } from '../../src/cli/cli-io.js';
import { printJsonLineSoon, println, printlnSoon } from '../../src/cli/output.js';

function recording(): CliStream & { writes: string[] } {
  const writes: string[] = [];
  return { writes, write: (text: string) => writes.push(text) };
}

const run = (stdout: CliStream, body: () => void | Promise<void>, env: CliIo['env'] = {}) =>
  withIo({ stdout, stderr: recording(), env, cwd: process.cwd() }, async () => void (await body()));

describe("addon dev's lines", () => {
  it('writes the lines of many calls in one write, in order', async () => {
    const stdout = recording();
    await run(stdout, async () => {
      for (let n = 0; n < 50; n++) printlnSoon(() => `GET /customers?page=${n} 200`);
      printJsonLineSoon({ event: 'request', n: 50 });
      expect(stdout.writes).toEqual([]);
      await vi.waitFor(() => expect(stdout.writes).toHaveLength(1), { timeout: 5000 });
    });
    const lines = Array.from({ length: 50 }, (_, n) => `GET /customers?page=${n} 200\n`);
    expect(stdout.writes).toEqual([lines.join('') + '{"event":"request","n":50}\n']);
  });

  it('writes the waiting lines before a line printed after them', async () => {
    const stdout = recording();
    await run(stdout, () => {
      printlnSoon(() => 'GET /customers 200');
      printlnSoon(() => 'POST /invoices 201');
      println('  Stopped; the store is flushed.');
    });
    expect(stdout.writes).toEqual(['GET /customers 200\nPOST /invoices 201\n', '  Stopped; the store is flushed.\n']);
  });

  it('paints the lines for a terminal, and for any other stream makes them unpainted, asking the environment once a write', async () => {
    const line = () => printlnSoon((c) => `${c.dim('10:00:00')} GET /customers ${c.green(200)}`);
    const terminal = Object.assign(recording(), { isTTY: true });
    await run(terminal, () => {
      line();
      println();
    });
    expect(terminal.writes[0]).toBe('\x1b[2m10:00:00\x1b[22m GET /customers \x1b[32m200\x1b[39m\n');

    const pipe = recording();
    const asked: string[] = [];
    const env = new Proxy({} as CliIo['env'], { get: (_, name) => void asked.push(String(name)) });
    await run(
      pipe,
      async () => {
        for (let n = 0; n < 50; n++) line();
        await vi.waitFor(() => expect(pipe.writes).toHaveLength(1), { timeout: 5000 });
      },
      env,
    );
    expect(pipe.writes[0]).toBe('10:00:00 GET /customers 200\n'.repeat(50));
    expect(asked).toEqual(['NO_COLOR', 'FORCE_COLOR']);
  });

  it('writes the waiting lines when the process exits at once', async () => {
    const script = [
      `const { printlnSoon } = await import(${JSON.stringify(new URL('../../dist/cli/output.js', import.meta.url).href)});`,
      `printlnSoon(() => 'GET /customers 200'); printlnSoon(() => 'GET /invoices 200'); process.exit(0);`,
    ].join('\n');
    const { stdout } = await execa(process.execPath, ['--input-type=module', '-e', script]);
    expect(stdout).toBe('GET /customers 200\nGET /invoices 200');
  });
});
