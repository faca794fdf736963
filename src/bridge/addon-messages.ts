// The postMessage protocol between the add-on and the host (spec 4.2), and the checks that decide
// whether an incoming message is well formed. Messages are objects `{type, payload}`. The spec leaves
// the payload field names open; these are the ones the emulator documents:
//   service:ready     no payload
//   service:navigate  {path: string}, starting with '/'
//   service:notify    {message: string, level?: 'success' | 'warning' | 'error' | 'info'} (default info)
//   service:resize    {height: number} in px, applied clamped to [100, 5000]
//   service:close     no payload
//   service:context   (host to add-on) {orgId, userId, token, scopes}
// DOM-free: the host page and mockHost() (src/testing) both check what an add-on says with it.
import { NOTIFY_LEVELS, SPEC_NOTIFY_LEVELS, type NotifyLevel, type SpecNotifyLevel } from './bridge-messages.js';

export const MIN_HEIGHT = 100;
export const MAX_HEIGHT = 5000;
/** The frame's height until the add-on asks for one. */
export const DEFAULT_HEIGHT = 600;

export type AddonMessage =
  | { type: 'service:ready' }
  | { type: 'service:navigate'; path: string }
  /** `parity`: what the platform may not take (docs/parity.md), when the level is not one it shows. */
  | { type: 'service:notify'; message: string; level: NotifyLevel; parity?: string }
  | { type: 'service:resize'; height: number }
  | { type: 'service:close' };

export type ParsedMessage = { ok: true; message: AddonMessage } | { ok: false; warning: string };

type Payload = Record<string, unknown>;

/** What a value is, for warnings: `null`, `array`, `string "x"`, `number 3`... */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value;
}

const isObject = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** With `strict`, what the platform would not take is malformed too (`addon dev --strict`). */
export function parseAddonMessage(data: unknown, { strict = false } = {}): ParsedMessage {
  if (!isObject(data)) return fail(`not a {type, payload} object (got ${describe(data)})`);
  if (!('type' in data)) return fail('missing "type"');
  if (typeof data.type !== 'string') return fail(`"type" must be a string (got ${describe(data.type)})`);
  const payload = data.payload;

  switch (data.type) {
    case 'service:ready':
    case 'service:close':
      // No payload is defined; one that is sent anyway is ignored rather than refused.
      return ok({ type: data.type });
    case 'service:navigate': {
      if (!isObject(payload)) return fail(`service:navigate needs payload {path} (got ${describe(payload)})`);
      const { path } = payload;
      if (path === undefined) return fail('service:navigate: payload.path is missing');
      if (typeof path !== 'string')
        return fail(`service:navigate: payload.path must be a string (got ${describe(path)})`);
      if (!path.startsWith('/'))
        return fail(`service:navigate: payload.path must start with "/" (got ${describe(path)})`);
      return ok({ type: 'service:navigate', path });
    }
    case 'service:notify': {
      if (!isObject(payload)) return fail(`service:notify needs payload {message, level} (got ${describe(payload)})`);
      const { message, level } = payload;
      if (message === undefined) return fail('service:notify: payload.message is missing');
      if (typeof message !== 'string')
        return fail(`service:notify: payload.message must be a string (got ${describe(message)})`);
      if (message.trim() === '') return fail('service:notify: payload.message is empty');
      if (level !== undefined && !(NOTIFY_LEVELS as readonly string[]).includes(level as string)) {
        return fail(
          `service:notify: payload.level must be one of ${NOTIFY_LEVELS.join(', ')} (got ${describe(level)})`,
        );
      }
      const shown = (level as NotifyLevel | undefined) ?? 'info';
      // `info`, and no level at all, lean on the emulator.
      if (SPEC_NOTIFY_LEVELS.includes(shown as SpecNotifyLevel))
        return ok({ type: 'service:notify', message, level: shown });
      const parity = level === undefined ? 'no level (shown as info)' : `level ${describe(level)}`;
      if (strict)
        return fail(
          `service:notify: ${parity} is not a level the platform shows (${SPEC_NOTIFY_LEVELS.join(', ')}); --strict`,
        );
      return ok({ type: 'service:notify', message, level: shown, parity });
    }
    case 'service:resize': {
      if (!isObject(payload)) return fail(`service:resize needs payload {height} (got ${describe(payload)})`);
      const { height } = payload;
      if (height === undefined) return fail('service:resize: payload.height is missing');
      if (typeof height !== 'number' || !Number.isFinite(height)) {
        return fail(`service:resize: payload.height must be a finite number of pixels (got ${describe(height)})`);
      }
      return ok({ type: 'service:resize', height });
    }
    case 'service:context':
      return fail('service:context is sent by the host to the add-on, not the other way');
    default:
      return fail(`unknown message type ${JSON.stringify(data.type)}`);
  }
}

/** The height actually applied for a `service:resize`. */
export function clampHeight(height: number): number {
  return Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, height)));
}

const ok = (message: AddonMessage): ParsedMessage => ({ ok: true, message });
const fail = (warning: string): ParsedMessage => ({ ok: false, warning });
