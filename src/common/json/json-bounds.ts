import { ApiError } from '../errors.js';

/** How deep and how large a value may be, where it comes in (src/common/limits.ts). */
export interface JsonBounds {
  maxDepth: number;
  maxBytes: number;
}

/**
 * The one check every JSON value that comes in passes (docs/limits.md), parsed from text or handed
 * over in process: containers nested at most `maxDepth` deep, at most about `maxBytes` when written
 * out, finite numbers, plain objects and arrays only, and no key that would reach a prototype
 * (`__proto__`, or `constructor.prototype`: the rule fastify applies to request bodies, so a world
 * refused over HTTP is refused from a file too). What passes can be written to the journal and read
 * back identical. Throws 400 with a stable code naming where the problem is.
 *
 * The walk is iterative: a hostile depth must not overflow the checker's own stack.
 */
export function checkJson(value: unknown, bounds: JsonBounds, what = 'the body'): void {
  const stack: Frame[] = [{ value, depth: 0, parent: null, key: '' }];
  // A lower bound of the written size: enough to stop a value shared a million times over.
  let bytes = 0;
  while (stack.length) {
    const frame = stack.pop()!;
    const item = frame.value;
    const fail = (code: string, problem: string): never => {
      throw new ApiError(400, code, `${what} ${problem} (at ${pointer(frame)})`);
    };
    if (item === null || typeof item === 'boolean') bytes += 4;
    else if (typeof item === 'string') bytes += item.length + 2;
    else if (typeof item === 'number') {
      if (!Number.isFinite(item)) fail('json_invalid_value', 'has a number out of range (JSON has no Infinity or NaN)');
      bytes += 1;
    } else if (typeof item !== 'object') fail('json_invalid_value', `holds ${describe(item)}, which JSON cannot hold`);
    else {
      if (frame.depth + 1 > bounds.maxDepth)
        fail('json_too_deep', `nests deeper than ${bounds.maxDepth} levels of arrays and objects`);
      bytes += 2;
      pushChildren(item as object, frame, stack, fail);
    }
    if (bytes > bounds.maxBytes) fail('json_too_large', `is larger than ${bounds.maxBytes} bytes`);
  }
}

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string;
}

function pushChildren(item: object, frame: Frame, stack: Frame[], fail: (code: string, problem: string) => never) {
  const depth = frame.depth + 1;
  if (Array.isArray(item)) {
    for (let i = item.length - 1; i >= 0; i--) {
      if (item[i] === undefined) fail('json_invalid_value', 'holds undefined in an array');
      stack.push({ value: item[i], depth, parent: frame, key: String(i) });
    }
    return;
  }
  const prototype = Object.getPrototypeOf(item);
  if (prototype !== Object.prototype && prototype !== null)
    fail('json_invalid_value', `holds ${describe(item)}, which is not a plain object`);
  const keys = Object.keys(item);
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i];
    const child = (item as Record<string, unknown>)[key];
    if (child === undefined) continue; // left out when written, as JSON.stringify does
    const at: Frame = { value: child, depth, parent: frame, key };
    if (key === '__proto__' || (key === 'constructor' && isObjectWith(child, 'prototype')))
      throw new ApiError(
        400,
        'forbidden_key',
        `a JSON key must not be __proto__ or constructor.prototype (at ${pointer(at)})`,
      );
    stack.push(at);
  }
}

/**
 * Whether arrays and objects nest deeper than `maxDepth` in `value`: the kit's own bound, not the
 * engine's (Node 26's JSON.stringify writes a value nested 100,000 deep, where Node 22's overflows at
 * a few thousand, so a value one Node stored another could not write out again). Iterative, and it
 * stops at the first branch too deep; a cycle is too deep.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** A JSON object: not null, not an array. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isObjectWith = (value: unknown, key: string) =>
  typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, key);

/** Where a frame is, as a JSON pointer (RFC 6901): built only for the error. */
function pointer(frame: Frame): string {
  const keys: string[] = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent)
    keys.push(at.key.replaceAll('~', '~0').replaceAll('/', '~1'));
  if (!keys.length) return 'the top';
  const path = `/${keys.reverse().join('/')}`;
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) return `a ${value.constructor?.name ?? 'object'}`;
  return `a ${typeof value}`;
}
