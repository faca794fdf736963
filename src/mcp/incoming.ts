import {
  ClientRequestSchema,
  ErrorCode,
  isJSONRPCRequest,
  JSONRPCMessageSchema,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../common/errors.js';
import { checkJson, isJsonObject } from '../common/json/json-bounds.js';
import { MAX_MCP_MESSAGE_BYTES, MCP_BOUNDS, sayBytes } from '../common/limits.js';
import type { LongLine } from './line-splitter.js';

/**
 * A line of stdin that is not let through, answered as a JSON-RPC error: `code` is JSON-RPC's,
 * `data.code` the kit's own (docs/agents.md). `id` is the request's, or null when it cannot be read
 * (JSON-RPC 2.0's answer to an unreadable request).
 */
export interface Refusal {
  id: RequestId | null;
  error: { code: number; message: string; data: { code: string } };
}

/**
 * A line of stdin as a message for the protocol, or its refusal: not JSON, a value the kit's JSON
 * bounds refuse (too deep, a prototype key, a number out of range), not a JSON-RPC message, or a
 * request of MCP whose params are not its own. The bounds are checked before any schema walks the
 * value, and without recursion.
 */
export function readLine(line: string): { message: JSONRPCMessage } | { refusal: Refusal } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const why = (error as Error).message;
    return { refusal: refusal(null, ErrorCode.ParseError, 'invalid_json', `a line of stdin is not JSON (${why})`) };
  }
  const id = idOf(value);
  try {
    checkJson(value, MCP_BOUNDS, 'the message');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { refusal: refusal(id, ErrorCode.InvalidRequest, error.code, error.message) };
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (!parsed.success)
    return {
      refusal: refusal(
        id,
        ErrorCode.InvalidRequest,
        'invalid_request',
        'the message is not a JSON-RPC 2.0 request, notification or response',
      ),
    };
  const message = parsed.data as JSONRPCMessage;
  const problem = isJSONRPCRequest(message) ? paramsProblem(message) : null;
  if (problem) return { refusal: refusal(id, ErrorCode.InvalidParams, 'invalid_params', problem) };
  return { message };
}

/** Each request of MCP a client sends, by method. */
const REQUESTS = new Map<string, (typeof ClientRequestSchema.options)[number]>(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

/**
 * What is wrong with a request's params, checked here as the SDK checks them before its handler: a
 * mismatch there is thrown as a bare error, which it answers as an internal error (-32603). An unknown
 * method is let through, for the SDK's "method not found".
 */
function paramsProblem(request: { method: string }): string | null {
  const parsed = REQUESTS.get(request.method)?.safeParse(request);
  if (!parsed || parsed.success) return null;
  const [issue] = parsed.error.issues;
  return `the params of ${request.method} do not fit it: ${issue!.path.join('.')}: ${issue!.message}`;
}

/** The refusal of a line over MAX_MCP_MESSAGE_BYTES, with the way to pass a large input. */
export const tooLong = (line: LongLine): Refusal =>
  refusal(
    salvagedId(line),
    ErrorCode.InvalidRequest,
    'payload_too_large',
    `addon mcp takes messages of at most ${sayBytes(MAX_MCP_MESSAGE_BYTES)} and this one is ${line.bytes} bytes: pass a large state or scenario by its file path (the state and scenario tools' file), not inline`,
  );

const refusal = (id: RequestId | null, code: number, kit: string, message: string): Refusal => ({
  id,
  error: { code, message, data: { code: kit } },
});

/** A JSON-RPC id: a string or an integer. */
const ID = String.raw`(-?\d{1,16}|"[^"\\]{0,200}")`;
/** The id first in the object (after `jsonrpc`, if that comes first), or last (before it). */
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}\s*[,}]`);
const ID_LAST = new RegExp(String.raw`[{,]\s*"id"\s*:\s*${ID}\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$`);

/**
 * The id of a line too long to parse, read from its ends, where clients write it (the official SDKs
 * last, hand-written JSON often first). In JSON that is valid, these patterns match only a member of
 * the outermost object: at the start, nothing can come before it; at the end, the closing brace
 * right after the value is the outermost one.
 */
function salvagedId({ head, tail }: LongLine): RequestId | null {
  const found = ID_FIRST.exec(head)?.[1] ?? ID_LAST.exec(tail)?.[1];
  return found === undefined ? null : idOf({ id: JSON.parse(found) });
}

function idOf(value: unknown): RequestId | null {
  const id = isJsonObject(value) ? value.id : undefined;
  return typeof id === 'string' || Number.isSafeInteger(id) ? (id as RequestId) : null;
}
