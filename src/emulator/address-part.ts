import { DEFAULT_HOST, DEFAULT_PORT } from '../sdk/browser/addresses.js';
import type { EmulatorOptions } from './emulator.js';
import { originsAt, plannedUrl } from './listen.js';

/** Where the emulator listens, once it does; read by parts made long before it does. */
export interface Address {
  readonly port: number;
  readonly host: string;
  /** `http://127.0.0.1:4455`; empty until listening. */
  readonly url: string;
  /** The emulator's own origins (the host page's): none until listening. */
  origins(): ReadonlySet<string>;
  /** The origins of its own inbox: once listening, its origins; before, those it will have. */
  inboxOrigins(): ReadonlySet<string>;
  /** Told by listen() once bound. */
  listened(url: string): void;
}

export type AddressInput = Pick<EmulatorOptions, 'port' | 'host'>;

export function planAddress(options: AddressInput): Address {
  const port = options.port ?? DEFAULT_PORT;
  const host = options.host ?? DEFAULT_HOST;
  // Before it listens, where it will listen when the port is fixed: a subscription of `webhooks` in
  // addon.config.json to its own inbox is made then.
  const planned = port === 0 ? new Set<string>() : originsAt(plannedUrl(port, host));
  let url = '';
  let origins: ReadonlySet<string> = new Set();
  return {
    port,
    host,
    get url() {
      return url;
    },
    origins: () => origins,
    inboxOrigins: () => (url ? origins : planned),
    listened(bound) {
      url = bound;
      origins = originsAt(bound);
    },
  };
}
