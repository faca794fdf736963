// Finds an organization's records by the text a person remembers of them: a name, a number, an
// email. Which fields are searched is each resource's outline's `search` (resource-outline.ts), never
// a list of its own. DOM-free and store-free: the control API feeds it records (search-control.ts).
import type { ResourceOutline } from './resource-outline.js';
import type { Doc } from '../store/store.js';

/**
 * A record's page in the service's web app (the host page's in-app path): where a search result
 * leads. Here, below the control API and the shell's paths (emulator/shell-paths.ts), which both use it.
 */
export const recordPath = (resource: string, id: string) =>
  `/${encodeURIComponent(resource)}/${encodeURIComponent(id)}`;

/** One record found, as the host page's search box lists it. */
export interface SearchResult {
  /** The collection: `customers`. */
  resource: string;
  id: string;
  /** The record's first searched field (a customer's name, an invoice's number), else its id. */
  title: string;
  /** Its label, and the field that matched when that is not the title (or else its second searched field). */
  subtitle: string;
  /** The host page's record page: `/customers/cus_1`. */
  path: string;
}

export interface SearchAnswer {
  /** The best first, at most `limit`. */
  data: SearchResult[];
  /** How many records matched in all. */
  total: number;
}

/** How well a value matches: the whole of it, its start, or somewhere in it; lower is better. */
const EXACT = 0;
const PREFIX = 1;
const WITHIN = 2;

/** Case- and composition-insensitive: `É` typed composed finds `é` stored decomposed. */
const folded = (text: string) => text.normalize('NFC').toLowerCase();

function rankOf(value: string, query: string): number | null {
  if (value === query) return EXACT;
  if (value.startsWith(query)) return PREFIX;
  return value.includes(query) ? WITHIN : null;
}

interface Match {
  rank: number;
  /** Resource order, then record order (oldest first): equal ranks keep the order the pages list. */
  order: number;
  result: SearchResult;
}

/**
 * The records whose searched fields hold `query` as plain text (no pattern: `.*(` is three
 * characters), ranked exact, then prefix, then anywhere, at most `limit` of them.
 */
export function searchRecords(
  query: string,
  sources: Iterable<{ outline: ResourceOutline; records: Iterable<Doc> }>,
  limit: number,
): SearchAnswer {
  const wanted = folded(query);
  const matches: Match[] = [];
  for (const { outline, records } of sources) {
    for (const record of records) {
      const match = matchOf(outline, record, wanted);
      if (match) matches.push({ ...match, order: matches.length });
    }
  }
  matches.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return { data: matches.slice(0, limit).map((match) => match.result), total: matches.length };
}

function matchOf(outline: ResourceOutline, record: Doc, wanted: string): Omit<Match, 'order'> | null {
  let best: { rank: number; field: string } | null = null;
  for (const field of outline.search) {
    const value = textOf(record, field);
    const rank = value === undefined ? null : rankOf(folded(value), wanted);
    if (rank !== null && (best === null || rank < best.rank)) best = { rank, field };
  }
  if (!best) return null;
  const [titleField, secondField] = outline.search;
  const title = textOf(record, titleField) || record._id;
  const detail = best.field === titleField ? textOf(record, secondField) : textOf(record, best.field);
  return {
    rank: best.rank,
    result: {
      resource: outline.name,
      id: record._id,
      title,
      subtitle: detail ? `${outline.label} · ${detail}` : outline.label,
      path: recordPath(outline.name, record._id),
    },
  };
}

/** A field's text, own keys only (a record is data: `constructor` is a field like any other). */
function textOf(record: Doc, field: string | undefined): string | undefined {
  if (field === undefined || !Object.hasOwn(record, field)) return undefined;
  const value = record[field];
  return typeof value === 'string' ? value : undefined;
}
