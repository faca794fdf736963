import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_MCP_MESSAGE_BYTES } from '../common/limits.js';
import { readLine, tooLong, type Refusal } from './incoming.js';
import { LineSplitter } from './line-splitter.js';

/**
 * MCP's stdio transport, newline-delimited JSON-RPC, in place of the SDK's: there a line over its
 * limit closed the connection (and the server with it, silently) and a malformed line went
 * unanswered. Here a line over MAX_MCP_MESSAGE_BYTES is skipped as it streams, and it, like every
 * line that is not a message the kit takes (src/mcp/incoming.ts), is answered with a JSON-RPC error;
 * the server reads on. It knows which requests are not answered yet, for a client that ends its
 * input to get its answers all the same.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** stdin ended, every line of it handed on or answered; or it failed, with the error. */
  onend?: (error?: Error) => void;

  readonly #lines = new LineSplitter(
    MAX_MCP_MESSAGE_BYTES,
    (line) => this.#read(line),
    (line) => this.#refuse(tooLong(line)),
  );
  /** Requests read and not answered (by id), and refusals not yet written. */
  readonly #open = new Set<RequestId | Refusal>();
  #whenAnswered: Array<() => void> = [];
  #over = false;

  constructor(
    readonly stdin: Readable,
    readonly stdout: Writable,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.#data).on('error', this.#failed).once('end', this.#ended).once('close', this.#ended);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    try {
      await this.#write(message);
    } finally {
      if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) this.#settle(message.id);
    }
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.#data).off('error', this.#failed).off('end', this.#ended).off('close', this.#ended);
    this.stdin.pause();
    this.onclose?.();
  }

  /** Resolves once every request read so far has its answer written. */
  allAnswered(): Promise<void> {
    if (!this.#open.size) return Promise.resolve();
    return new Promise((resolve) => this.#whenAnswered.push(resolve));
  }

  readonly #data = (chunk: Buffer): void => this.#lines.push(chunk);

  // 'close' without 'end' is stdin destroyed: nothing more comes either way.
  readonly #ended = (): void => this.#end();
  readonly #failed = (error: Error): void => this.#end(error);

  #end(error?: Error): void {
    if (this.#over) return;
    this.#over = true;
    if (!error) this.#lines.end();
    this.onend?.(error);
  }

  #read(line: string): void {
    if (!line.trim()) return;
    const read = readLine(line);
    if ('refusal' in read) return this.#refuse(read.refusal);
    const { message } = read;
    if (isJSONRPCRequest(message)) this.#open.add(message.id);
    // A request the client cancelled is never answered (MCP cancellation): none is owed.
    else if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled')
      this.#settle((message.params as { requestId?: RequestId } | undefined)?.requestId);
    this.onmessage?.(message);
  }

  #refuse(refusal: Refusal): void {
    this.#open.add(refusal);
    this.#write({ jsonrpc: '2.0', ...refusal })
      .catch((error: Error) => this.onerror?.(error))
      .finally(() => this.#settle(refusal));
  }

  #write(message: object): Promise<void> {
    return new Promise((resolve, reject) =>
      this.stdout.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve())),
    );
  }

  #settle(answered: RequestId | Refusal | undefined): void {
    if (answered !== undefined) this.#open.delete(answered);
    if (!this.#open.size) for (const resolve of this.#whenAnswered.splice(0)) resolve();
  }
}
