import type { Fields } from '../domain/resource.js';
import type { Doc } from '../store/store.js';

/**
 * A scenario: a world described once, as steps run in order (`addon scenario run`, docs/scenarios.md).
 * Later steps refer to what earlier ones made by the name given with `as`: `${acme._id}`.
 */
export interface ScenarioFile {
  description?: string;
  steps: Step[];
}

export type Step =
  | { create: string; as?: string; data?: Fields }
  | { update: string; id: string; data: Fields; as?: string }
  | { delete: string; id: string }
  | { advance: string }
  | { trigger: string; data?: Fields };

/** Each action and the keys a step of it takes; any other key is a mistake, never ignored. */
export const ACTIONS = {
  create: { keys: ['create', 'as', 'data'], required: [] },
  update: { keys: ['update', 'id', 'data', 'as'], required: ['id', 'data'] },
  delete: { keys: ['delete', 'id'], required: ['id'] },
  advance: { keys: ['advance'], required: [] },
  trigger: { keys: ['trigger', 'data'], required: [] },
} as const;

export type Action = keyof typeof ACTIONS;

export const actionOf = (step: Step): Action => Object.keys(ACTIONS).find((a) => a in step) as Action;

export interface ScenarioOptions {
  /** The organization the steps work in; the emulated one by default. */
  orgId?: string;
  /** Whether the run's events are delivered (when it has succeeded, in order); default true. */
  webhooks?: boolean;
}

export interface ScenarioResult {
  /** Each record named with `as`, as the API returned it at its step. */
  records: Record<string, Doc>;
}
