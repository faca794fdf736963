// "Copy as" (the host page's drawer): an API call of the audit log, a webhook delivery or a fired
// event as a curl command, an `addon` command line or a vitest test. DOM-free: the host page
// imports it, and the tests call the same functions.
import { asCli } from './as-cli.js';
import { asCurl } from './as-curl.js';
import { asTest } from './as-test.js';
import type { Copied, CopyPlace } from './copied.js';

export type { Copied, CopyPlace, FiredEvent } from './copied.js';

/** The kinds of snippet, in the order the drawer offers them, with the words it labels them by. */
export const SNIPPET_KINDS = [
  { kind: 'curl', label: 'curl', make: asCurl },
  { kind: 'cli', label: 'CLI', make: asCli },
  { kind: 'test', label: 'test', make: asTest },
] as const;

export type SnippetKind = (typeof SNIPPET_KINDS)[number]['kind'];

export function copyAs(kind: SnippetKind, copied: Copied, place: CopyPlace): string {
  const found = SNIPPET_KINDS.find((entry) => entry.kind === kind);
  if (!found) throw new Error(`no snippet of kind ${kind}`);
  return found.make(copied, place);
}
