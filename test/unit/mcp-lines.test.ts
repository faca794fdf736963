import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLine, tooLong } from '../../src/mcp/incoming.js';
import { LineSplitter, type LongLine } from '../../src/mcp/line-splitter.js';
import { MAX_MCP_DEPTH, MAX_MCP_MESSAGE_BYTES } from '../../src/common/limits.js';

/** What `addon mcp` reads from its stdin: lines of at most a bound, and each line as a message or its refusal. */

/** Every line and long line the splitter hands on, for `input` cut into `cuts`. */
function split(input: Buffer, cuts: number[], maxBytes: number) {
  const out: Array<string | LongLine> = [];
  const splitter = new LineSplitter(
    maxBytes,
    (line) => out.push(line),
    (line) => out.push(line),
  );
  let at = 0;
  for (const cut of [...cuts.filter((n) => n < input.length).sort((a, b) => a - b), input.length]) {
    splitter.push(input.subarray(at, cut));
    at = cut;
  }
  splitter.end();
  return out;
}

describe('LineSplitter', () => {
  it('hands on each line as it was, however the input is cut; a line over the bound as its length and its two ends', () => {
    const line = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => text.replace(/[\r\n]/g, ' ')),
      fc.nat({ max: 2000 }).map((n) => `{"id":${n},"pad":"${'x'.repeat(n)}","end":${n}}`),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(fc.nat({ max: 30_000 })), (lines, cuts) => {
        const maxBytes = 300;
        const input = Buffer.from(lines.map((text) => `${text}\n`).join(''));
        const expected = lines.map((text) => {
          const bytes = Buffer.from(text);
          if (bytes.length <= maxBytes) return text;
          return {
            bytes: bytes.length,
            head: bytes.subarray(0, 256).toString('utf8'),
            tail: bytes.subarray(-256).toString('utf8'),
          };
        });
        expect(split(input, cuts, maxBytes)).toEqual(expected);
      }),
      { seed: 32, numRuns: 300 },
    );
  });

  it('drops a trailing \\r, and takes a last line without its newline when the input ends', () => {
    expect(split(Buffer.from('a\r\nb\n\nc'), [2], 10)).toEqual(['a', 'b', '', 'c']);
    expect(split(Buffer.from('abc\n'), [], 10)).toEqual(['abc']);
  });

  it('skips a line of 12 MB as it streams, keeping no more than its ends', () => {
    const splitter = new LineSplitter(
      MAX_MCP_MESSAGE_BYTES,
      () => expect.fail('no line'),
      (line) => longs.push(line),
    );
    const longs: LongLine[] = [];
    const chunk = Buffer.alloc(64 * 1024, 'a');
    splitter.push(Buffer.from('{"id":"first",'));
    for (let i = 0; i < 190; i++) splitter.push(chunk);
    splitter.push(Buffer.from('"x":1}\n'));
    expect(longs).toHaveLength(1);
    expect(longs[0]!.bytes).toBe(14 + 190 * chunk.length + 6);
    expect(longs[0]!.head.startsWith('{"id":"first",aaa')).toBe(true);
    expect(longs[0]!.tail.endsWith('aaa"x":1}')).toBe(true);
  });
});

describe('a line of stdin', () => {
  const refusal = (line: string) => {
    const read = readLine(line);
    if (!('refusal' in read)) throw new Error(`${line} was let through`);
    return read.refusal;
  };

  it('is a JSON-RPC message, let through as it is', () => {
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'status', arguments: {} } };
    expect(readLine(JSON.stringify(message))).toEqual({ message });
  });

  it('or refused in JSON-RPC words with the kit code, and the request id when it has one', () => {
    expect(refusal('{"jsonrpc":"2.0","id":1,')).toMatchObject({
      id: null,
      error: { code: -32700, data: { code: 'invalid_json' } },
    });
    expect(refusal('{"jsonrpc":"2.0","id":"a","method":7}')).toMatchObject({
      id: 'a',
      error: { code: -32600, data: { code: 'invalid_request' } },
    });
    expect(refusal('[{"jsonrpc":"2.0","id":2,"method":"ping"}]').id).toBeNull();
    const deep = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"faults","arguments":{"rule":${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`;
    expect(refusal(deep)).toMatchObject({
      id: 3,
      error: {
        code: -32600,
        message: expect.stringContaining(`deeper than ${MAX_MCP_DEPTH} levels`),
        data: { code: 'json_too_deep' },
      },
    });
    expect(refusal('{"jsonrpc":"2.0","id":4,"method":"ping","params":{"__proto__":{}}}')).toMatchObject({
      id: 4,
      error: { data: { code: 'forbidden_key' } },
    });
    expect(refusal('{"jsonrpc":"2.0","id":5,"method":"ping","params":{"n":1e400}}').error.data.code).toBe(
      'json_invalid_value',
    );
  });

  it("refuses a request of MCP whose params are not its own as invalid params, not as the SDK's internal error", () => {
    expect(refusal('{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"status","arguments":0}}')).toEqual({
      id: 6,
      error: {
        code: -32602,
        message: expect.stringMatching(/^the params of tools\/call do not fit it: params\.arguments: /),
        data: { code: 'invalid_params' },
      },
    });
    // A method it does not know is the protocol's to answer (method not found).
    expect('message' in readLine('{"jsonrpc":"2.0","id":7,"method":"frobnicate","params":{"a":1}}')).toBe(true);
  });

  it('lets a state as deep as a state file may be through, under params.arguments', () => {
    let state: unknown = {};
    for (let depth = 1; depth < MAX_MCP_DEPTH - 3; depth++) state = { a: state };
    const line = JSON.stringify({
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: { name: 'state', arguments: { action: 'import', state } },
    });
    expect('message' in readLine(line)).toBe(true);
    expect(refusal(line.replace('"state":{', '"state":{"b":{').replace(/}$/, '}}')).error.data.code).toBe(
      'json_too_deep',
    );
  });
});

describe('a line too long to read', () => {
  const long = (head: string, tail: string): LongLine => ({ bytes: 12_000_000, head, tail });

  it('is refused naming the limit and the file-path way, with the id read from either end', () => {
    const first = tooLong(
      long('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"state","argu', 'aaaa"}}}}'),
    );
    expect(first).toEqual({
      id: 7,
      error: {
        code: -32600,
        message: expect.stringMatching(
          /at most 4 MiB and this one is 12000000 bytes: pass a large state or scenario by its file path/,
        ),
        data: { code: 'payload_too_large' },
      },
    });
    // The official SDKs write the id last.
    expect(tooLong(long('{"method":"tools/call","params":{"name":"sta', 'aaa"}}},"jsonrpc":"2.0","id":8}')).id).toBe(8);
    expect(tooLong(long('{"method":"x","params":{', 'aa"}},"id":"req-9","jsonrpc":"2.0"}\r')).id).toBe('req-9');
  });

  it('has a null id where none can be read for sure: one inside params is not the request id', () => {
    expect(tooLong(long('{"method":"x","params":{"id":1,', 'aaa"}}')).id).toBeNull();
    expect(tooLong(long('{"method":"x","params":{"a":"', 'aaa","id":2}}')).id).toBeNull();
    expect(tooLong(long('{"method":"x","params":{"a":"', 'aaa\\",\\"id\\":3}"}}')).id).toBeNull();
    expect(tooLong(long('not json at all', 'nor this')).id).toBeNull();
    expect(tooLong(long('{"id":1.5,', '}')).id).toBeNull();
  });
});
