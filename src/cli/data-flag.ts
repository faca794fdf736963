import { readFile } from 'node:fs/promises';
import { UserError } from '../common/errors.js';
import type { ValueKind } from './arguments.js';
import { fromCwd } from './cli-io.js';

/** `--data`: JSON given inline (read as the command is), or the file that holds it (read when it runs). */
export type DataFlag = { data: Record<string, unknown> } | { file: string };

export const dataFlag: ValueKind<DataFlag> = {
  takes: 'a JSON object, or @file holding one',
  read(text) {
    if (text.startsWith('@')) return { file: text.slice(1) };
    const data = jsonObject(text);
    return data && { data };
  },
};

/** The JSON object a `--data` flag gives, read from its file if it names one. */
export async function dataOf(flag: DataFlag): Promise<Record<string, unknown>> {
  if ('data' in flag) return flag.data;
  const text = await readFile(fromCwd(flag.file), 'utf8').catch((error: Error) => {
    throw new UserError(`cannot read ${flag.file}: ${error.message}`);
  });
  const data = jsonObject(text);
  if (!data) throw new UserError(`--data @${flag.file}: the file must hold a JSON object`);
  return data;
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const data = JSON.parse(text);
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return data;
  } catch {
    // not JSON: said by the caller
  }
  return undefined;
}
