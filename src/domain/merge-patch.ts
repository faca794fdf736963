import { isJsonObject } from '../common/json/json-bounds.js';

/** JSON Merge Patch (RFC 7396): objects merge recursively, `null` removes a key, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return patch;
  const result: Record<string, unknown> = isJsonObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    // defineProperty, so a `__proto__` key is a plain key and never a prototype.
    else
      Object.defineProperty(result, key, {
        value: mergePatch(result[key], value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return result;
}
