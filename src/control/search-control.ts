import type { FastifyInstance } from 'fastify';
import { object } from '../domain/schema.js';
import { outlineOf } from '../domain/resource-outline.js';
import { searchRecords } from '../domain/record-search.js';
import type { Registry } from '../domain/resources/registry.js';
import { invalid } from '../common/errors.js';
import { PLAIN_ID } from '../installations/installation-ids.js';
import { MAX_SEARCH_QUERY_CHARS, MAX_SEARCH_RESULTS } from '../common/limits.js';
import type { Doc, Page } from '../store/store.js';

/** What the search reads: the resources served and an organization's records of each. */
export interface SearchTarget {
  readonly registry: Registry;
  records(collection: string, page: { orgId?: string; limit: number; offset: number }): Page<Doc>;
}

/**
 * `GET /_emulator/search?q=`: the host page's top bar finds an organization's records of every
 * resource by their text (domain/record-search.ts), each with the path of its record page.
 */
export function searchControlRoutes(app: FastifyInstance, target: SearchTarget): void {
  app.get<{ Querystring: { q?: string; orgId?: string } }>('/search', {
    schema: {
      hide: true,
      // `q` is not required here: a missing one is refused below, so an unknown parameter is named first.
      querystring: object({
        q: { type: 'string', minLength: 1, maxLength: MAX_SEARCH_QUERY_CHARS },
        orgId: { type: 'string', pattern: PLAIN_ID.source },
      }),
    },
    handler: async (request) => {
      const query = request.query.q?.trim();
      if (!query) throw invalid([{ field: 'q', message: 'must hold the text to search for' }], 'querystring');
      const { orgId } = request.query;
      const sources = target.registry.resources.map((definition) => ({
        outline: outlineOf(definition),
        records: everyRecord(target, definition.name, orgId),
      }));
      return searchRecords(query, sources, MAX_SEARCH_RESULTS);
    },
  });
}

function everyRecord(target: SearchTarget, collection: string, orgId: string | undefined): Doc[] {
  const { total } = target.records(collection, { orgId, limit: 0, offset: 0 });
  return target.records(collection, { orgId, limit: total, offset: 0 }).data;
}
