import type { FastifyInstance } from 'fastify';
import type { BridgeReport, EmulatorCoverage } from '../coverage/emulator-coverage.js';
import { ApiError } from '../common/errors.js';
import { MAX_COVERAGE_COUNT, MAX_COVERAGE_KEY_CHARS, MAX_COVERAGE_REPORT_KEYS } from '../common/limits.js';

/** Items and their counts, each bounded (docs/limits.md): a hostile page cannot grow the record without end. */
const counts = {
  type: 'object',
  maxProperties: MAX_COVERAGE_REPORT_KEYS,
  propertyNames: { maxLength: MAX_COVERAGE_KEY_CHARS, minLength: 1 },
  additionalProperties: { type: 'integer', minimum: 1, maximum: MAX_COVERAGE_COUNT },
};

const BRIDGE_REPORT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    hits: counts,
    seen: {
      type: 'object',
      maxProperties: MAX_COVERAGE_REPORT_KEYS,
      propertyNames: { maxLength: MAX_COVERAGE_KEY_CHARS, minLength: 1 },
      additionalProperties: counts,
    },
  },
  required: ['hits'],
};

/**
 * `GET /_emulator/coverage`: what the emulator met of the platform's surface so far (the host page's
 * Coverage tab, openHostPage); `POST /_emulator/coverage/bridge`: the host page's report of what the
 * bridge carried, which only the page sees (docs/control-api.md).
 */
export function coverageControlRoutes(app: FastifyInstance, coverage: EmulatorCoverage | null): void {
  const recording = () => {
    if (!coverage) throw new ApiError(409, 'coverage_off', 'this emulator records no coverage (coverage: false)');
    return coverage;
  };
  app.get('/coverage', { schema: { hide: true } }, async () => recording().now());

  app.post<{ Body: BridgeReport }>('/coverage/bridge', {
    schema: { hide: true, body: BRIDGE_REPORT },
    handler: async (request, reply) => {
      recording().reportBridge(request.body);
      return reply.code(204).send();
    },
  });
}
