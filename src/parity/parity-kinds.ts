import { SPEC_NOTIFY_LEVELS } from '../bridge/bridge-messages.js';
import { ApiError } from '../common/errors.js';

export { SPEC_NOTIFY_LEVELS, type SpecNotifyLevel } from '../bridge/bridge-messages.js';

/**
 * Where an add-on leans on the emulator's leniency: what it did that the platform's interface does
 * not back, and what the platform does instead. The emulator serves it and warns, once per kind;
 * with `--strict` it refuses as the platform would. Each kind is one definition here (docs/parity.md).
 */
export interface ParityKind {
  id: ParityKindId;
  /** The warning, with what the add-on did (`detail`). */
  message(detail: string): string;
  /** What the platform does instead. */
  platform: string;
  /** What `--strict` does. */
  strict: string;
}

export type ParityKindId = 'http-webhook-url' | 'notify-level' | 'slow-webhook-receiver';

/** Spec 4.1 and 8: the receiver must answer within 10 seconds. */
export const SPEC_WEBHOOK_TIMEOUT_MS = 10_000;

export const PARITY_KINDS: Record<ParityKindId, ParityKind> = {
  'http-webhook-url': {
    id: 'http-webhook-url',
    message: (url) => `a webhook subscription to an http: URL (${url}); the platform takes HTTPS URLs only (spec 2.3)`,
    platform: 'refuses the subscription: webhookUrl must be an HTTPS URL',
    strict: 'POST /events/subscribe answers 400 https_required',
  },
  'notify-level': {
    id: 'notify-level',
    message: (level) =>
      `a service:notify with ${level}; the platform shows the levels ${SPEC_NOTIFY_LEVELS.join(', ')} (spec 4.2)`,
    platform: 'may ignore the notification or show it otherwise: only success, warning and error are specified',
    strict: 'the host page ignores the message and flags it in its Messages tab',
  },
  'slow-webhook-receiver': {
    id: 'slow-webhook-receiver',
    message: (took) =>
      `a webhook receiver answered after ${took}; the platform gives up after 10 s (spec 8) and retries`,
    platform: 'counts an answer after 10 s as a failed attempt, retries, and disables the subscription after three',
    strict: '--webhook-timeout above 10s is refused, so the attempt fails at 10 s as on the platform',
  },
};

/** The 400 of a subscription to an http: URL, as the platform answers it. */
export const httpsRequired = (url: string): ApiError =>
  new ApiError(
    400,
    'https_required',
    `webhookUrl must be an HTTPS URL (got ${url}); --strict refuses http: as the platform does`,
  );
