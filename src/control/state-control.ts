import type { FastifyInstance } from 'fastify';
import { object } from '../domain/schema.js';
import { ApiError } from '../common/errors.js';
import type { SavedStateInfo } from '../state/saved-states.js';
import { summaryOf, type StateFile, type StateSummary } from '../state/state-file.js';
import type { ScenarioOptions, ScenarioResult } from '../scenarios/scenario-file.js';
import { PLAIN_ID } from '../installations/installation-ids.js';
import { MAX_SCENARIO_BYTES, MAX_SCENARIO_DEPTH, MAX_STATE_BYTES, MAX_STATE_DEPTH } from '../common/limits.js';

export type { SavedStateInfo } from '../state/saved-states.js';
export type { StateFile, StateSummary } from '../state/state-file.js';
export type { ScenarioFile, ScenarioOptions, ScenarioResult } from '../scenarios/scenario-file.js';

/** What the state routes drive (the emulator implements it): `addon state ...`. */
export interface StateControlTarget {
  /** The world as one portable state file. */
  exportState(): StateFile;
  /** Checks the whole file, then makes it the world; on any problem, a 400 and nothing changed. */
  importState(file: unknown): Promise<StateSummary>;
  saveState(name: string): Promise<SavedStateInfo>;
  restoreState(name: string): Promise<StateSummary>;
  listStates(): Promise<SavedStateInfo[]>;
  removeState(name: string): Promise<void>;
  /** Back to the start: the state the emulator started from (`--import`), else an empty world. */
  reset(): Promise<void>;
  /**
   * Runs a scenario (its content, or in process the path of its file): checked whole first, run as
   * one unit, and on a failing step the world goes back to what it was.
   */
  scenario(scenario: unknown, options?: ScenarioOptions): Promise<ScenarioResult>;
}

const hide = { hide: true };
const nameParams = { type: 'object', properties: { name: { type: 'string', maxLength: 64 } }, required: ['name'] };
/** The scenario travels in an object beside its options. */
const SCENARIO_BODY_LIMIT = MAX_SCENARIO_BYTES + 4096;

/** `addon state ...` (registered inside the guarded control API). */
export function stateControlRoutes(app: FastifyInstance, target: StateControlTarget): void {
  app.get('/state', { schema: hide }, async () => target.exportState());

  // The file is checked by the emulator (every record against its schema), not by the route.
  app.put('/state', {
    schema: hide,
    bodyLimit: MAX_STATE_BYTES,
    config: { jsonDepth: MAX_STATE_DEPTH },
    handler: async (request) => target.importState(request.body),
  });

  app.post('/reset', { schema: hide }, async () => {
    await target.reset();
    return summaryOf(target.exportState());
  });

  app.post<{ Body: { scenario: unknown; orgId?: string; webhooks?: boolean } }>('/scenario', {
    schema: {
      ...hide,
      body: object(
        {
          scenario: {},
          orgId: { type: 'string', pattern: PLAIN_ID.source },
          webhooks: { type: 'boolean' },
        },
        ['scenario'],
      ),
    },
    bodyLimit: SCENARIO_BODY_LIMIT,
    config: { jsonDepth: MAX_SCENARIO_DEPTH },
    handler: async (request) => {
      const { scenario, orgId, webhooks } = request.body;
      // The path form is for code in the emulator's process; over HTTP the file's content comes.
      if (typeof scenario === 'string')
        throw new ApiError(400, 'invalid_scenario', 'send the scenario itself, not a path');
      return target.scenario(scenario, { orgId, webhooks });
    },
  });

  app.get('/states', { schema: hide }, async () => ({ data: await target.listStates() }));

  app.post<{ Body: { name: string } }>('/states', {
    schema: {
      ...hide,
      body: object({ name: { type: 'string', maxLength: 64 } }, ['name']),
    },
    handler: async (request, reply) => reply.code(201).send(await target.saveState(request.body.name)),
  });

  app.post<{ Params: { name: string } }>('/states/:name/restore', {
    schema: { ...hide, params: nameParams },
    handler: async (request) => target.restoreState(request.params.name),
  });

  app.delete<{ Params: { name: string } }>('/states/:name', {
    schema: { ...hide, params: nameParams },
    handler: async (request, reply) => {
      await target.removeState(request.params.name);
      return reply.code(204).send();
    },
  });
}
