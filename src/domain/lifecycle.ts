import { ApiError, withArticle } from '../common/errors.js';

/**
 * A resource's statuses, declared on its definition: where a record starts, where each status may
 * go, which statuses announce themselves with an event, and which fields stop changing. Enforced
 * for every resource in one place (`checkChange`), read by the event catalog and the seeder.
 */
export interface Lifecycle<S extends string = string> {
  /** The status of a new record, unless its create body names another of `startIn`. */
  readonly initial: NoInfer<S>;
  /** The statuses a create body may name (its `status` field, `initial` by default); none when not given. */
  readonly startIn?: readonly NoInfer<S>[];
  /** Each status, in order: the statuses it may move to, and the event a move into it fires. */
  readonly statuses: {
    readonly [K in S]: {
      readonly next: readonly NoInfer<S>[];
      readonly event?: readonly [suffix: string, description: string];
    };
  };
  /** Fields that stop changing once a record leaves `editableIn` (all but `status` when not named). */
  readonly lock?: {
    readonly fields?: readonly string[];
    readonly editableIn: readonly NoInfer<S>[];
    readonly code: string;
    message(status: string): string;
  };
}

/** Every status, in the order the lifecycle lists them. */
export const statusesOf = <S extends string>(lifecycle: Lifecycle<S>): S[] => ownKeys(lifecycle.statuses);

/** `Object.keys`, typed by the object's keys, as `for...in` names them; own keys only, in the same order. */
function ownKeys<T extends object>(object: T): Extract<keyof T, string>[] {
  const keys: Extract<keyof T, string>[] = [];
  for (const key in object) if (Object.hasOwn(object, key)) keys.push(key);
  return keys;
}

/** What the lifecycle reads of a record and of a PATCH: their status. */
interface WithStatus {
  status?: unknown;
  [field: string]: unknown;
}

/** Throws 409 when a PATCH changes a locked field or asks for a move the lifecycle does not allow. */
export function checkChange(label: string, lifecycle: Lifecycle, current: WithStatus, patch: WithStatus): void {
  const { status: next, ...changes } = patch;
  const from = String(current.status);
  const { lock } = lifecycle;
  if (lock && !lock.editableIn.includes(from)) {
    const locked = Object.keys(changes).filter((name) => !lock.fields || lock.fields.includes(name));
    if (locked.length) throw new ApiError(409, lock.code, lock.message(from));
  }
  if (next === undefined || next === from || lifecycle.statuses[from]?.next.includes(String(next))) return;
  const allowed = lifecycle.statuses[from]?.next.length
    ? lifecycle.statuses[from].next.join(', ')
    : 'none (final status)';
  throw new ApiError(
    409,
    'invalid_status_transition',
    `${withArticle(label)} cannot go from ${from} to ${next}; allowed: ${allowed}`,
    { from, to: next },
  );
}

/** The shortest series of moves from one status to another (the seeder walks records along it). */
export function pathTo(lifecycle: Lifecycle, from: string, to: string): string[] {
  const paths = new Map<string, string[]>([[from, []]]);
  for (const [status, path] of paths) {
    if (status === to) return path;
    for (const next of lifecycle.statuses[status]?.next ?? []) if (!paths.has(next)) paths.set(next, [...path, next]);
  }
  throw new Error(`no way from ${from} to ${to}`);
}
