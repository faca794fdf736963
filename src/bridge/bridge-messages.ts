// The bridge's messages (spec 4.2) as words, for the host page's parser and for Node code (coverage)
// alike. No imports, so the host page's bundle takes it as it is.

/** The levels the spec shows for `service:notify` (section 4.2). */
export const SPEC_NOTIFY_LEVELS = ['success', 'warning', 'error'] as const;
export type SpecNotifyLevel = (typeof SPEC_NOTIFY_LEVELS)[number];

/** The levels the host page takes: the spec's, and `info`, which it also shows (and warns of). */
export const NOTIFY_LEVELS = [...SPEC_NOTIFY_LEVELS, 'info'] as const;
export type NotifyLevel = (typeof NOTIFY_LEVELS)[number];

/**
 * The context the host sends after its first: to the add-on's page loaded again, reopened (what the
 * spec calls a reload: closed and opened for a new session) or reloaded by itself.
 */
export const CONTEXT_AFTER_A_RELOAD = 'service:context after a reload';

/**
 * What the bridge carries that coverage counts (docs/coverage.md): each message of spec 4.2, the
 * notify once per level the spec shows, and the context sent again after the add-on's page reloaded.
 */
export const BRIDGE_ITEMS: readonly string[] = [
  'service:ready',
  'service:context',
  CONTEXT_AFTER_A_RELOAD,
  'service:navigate',
  ...SPEC_NOTIFY_LEVELS.map((level) => `service:notify ${level}`),
  'service:resize',
  'service:close',
];

/** A message the host logged: taken from the add-on (`in`) or sent to it (`out`). */
export interface LoggedMessage {
  direction: 'in' | 'out';
  type: string;
  payload: unknown;
}

/**
 * The coverage item of each message in turn, as the host page and openHostPage's own file both count
 * them: every taken message by its type, a notify by its level (none is `info`, as the host shows
 * it), and of the messages sent only the context, the first as `service:context` and each later one
 * after a reload. Null for a message that is no item. Keeps the count of contexts sent.
 */
export function bridgeItems(): (message: LoggedMessage) => string | null {
  let contexts = 0;
  return ({ direction, type, payload }) => {
    if (direction === 'out') return type === 'service:context' ? (contexts++ ? CONTEXT_AFTER_A_RELOAD : type) : null;
    return type === 'service:notify'
      ? `service:notify ${(payload as { level?: string } | null)?.level ?? 'info'}`
      : type;
  };
}
