import type { Doc } from './store.js';

/*
 * A document's JSON text, kept by the document object itself. Documents are never changed in place
 * (an update puts a new object: document-store.ts), so a document's text is fixed for its life: it is
 * made once, for its journal line or its first answer, and a page of 50 records is then answered by
 * joining 50 texts rather than writing 50 records out again (`JSON.stringify` of a page was a fifth of
 * a list's CPU: docs/performance.md). A WeakMap, so a text goes when its document does.
 */
const texts = new WeakMap<Doc, string>();

/** `JSON.stringify(doc)`, made the first time it is asked for. It throws as JSON.stringify does. */
export function docText(doc: Doc): string {
  let text = texts.get(doc);
  if (text === undefined) texts.set(doc, (text = JSON.stringify(doc)));
  return text;
}
