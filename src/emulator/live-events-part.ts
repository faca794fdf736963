import type { Webhooks } from '../webhooks/webhooks.js';
import type { Emulator } from './emulator.js';
import type { Observers } from './observers-part.js';
import type { Sessions } from './sessions-part.js';
import type { Storage } from './storage-part.js';

export interface LiveEventsInput {
  storage: Pick<Storage, 'audit' | 'time'>;
  observers: Pick<Observers, 'parity' | 'recorder'>;
  webhooks: Pick<Webhooks, 'dispatcher'>;
  sessions: Pick<Sessions, 'refusals' | 'installationChanges'>;
}

export type LiveEvents = Pick<Emulator, 'onAudit' | 'onRefused' | 'onDelivery' | 'onSubscriptionDisabled' | 'onEvent'>;

/** What happens as it happens, one kind at a time or all in one stream (`/_emulator/stream`, the host page). */
export function liveEvents({ storage, observers, webhooks, sessions }: LiveEventsInput): LiveEvents {
  const { audit, time } = storage;
  const { dispatcher } = webhooks;
  const { refusals, installationChanges } = sessions;
  return {
    onAudit: (listener) => audit.subscribe(listener),
    onRefused: (listener) => refusals.on(listener),
    onDelivery: (listener) => dispatcher.onAttempt(listener),
    onSubscriptionDisabled: (listener) => dispatcher.onDisabled(listener),
    onEvent(listener) {
      const stops = [
        audit.subscribe((entry) => listener({ name: 'audit', data: entry })),
        refusals.on((refusal) => listener({ name: 'refused', data: refusal })),
        dispatcher.onAttempt((report) => listener({ name: 'delivery', data: report })),
        dispatcher.onDisabled((report) => listener({ name: 'subscription-disabled', data: report })),
        time.onChange((state) => listener({ name: 'clock', data: state })),
        observers.parity.onWarning((warning) => listener({ name: 'parity', data: warning })),
        installationChanges.on((change) => listener({ name: 'installations', data: change })),
        observers.recorder?.onChange((hits) => listener({ name: 'coverage', data: { hits } })) ?? (() => {}),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
}
