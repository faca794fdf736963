import type { DataDirLock } from '../store/data-dir.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import type { DemoAddon } from './demo-server.js';
import type { EmulatorOptions } from './emulator.js';
import { listenOn } from './listen.js';
import type { Address } from './address-part.js';
import type { Config } from './config-part.js';
import type { DomainPart } from './domain-part.js';
import type { HttpPart } from './http-part.js';
import type { Observers } from './observers-part.js';
import type { Sessions } from './sessions-part.js';
import type { Storage } from './storage-part.js';
import type { WorldPart } from './world-part.js';

/** Listening once, and closing every part in the order that loses nothing. */
export interface Lifecycle {
  /** The bundled demo add-on's URL while it is served (option `demo`). */
  readonly demoUrl: string | null;
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface LifecycleInput {
  config: Pick<Config, 'settings'>;
  storage: Pick<Storage, 'audit' | 'store'>;
  /** The data dir's lock, announcing the URL once listening; null in memory. */
  lock: DataDirLock | null;
  observers: Pick<Observers, 'coverage'>;
  address: Address;
  webhooks: Pick<Webhooks, 'dispatcher' | 'close'>;
  domainPart: Pick<DomainPart, 'timeRules'>;
  sessions: Pick<Sessions, 'refusals' | 'installationChanges'>;
  worldPart: Pick<WorldPart, 'leases'>;
  http: Pick<HttpPart, 'target' | 'close'>;
  options: Pick<EmulatorOptions, 'demo'>;
}

export function createLifecycle(input: LifecycleInput): Lifecycle {
  const { config, storage, lock, observers, address, webhooks, domainPart, sessions, worldPart, http } = input;
  const { timeRules } = domainPart;
  let demo: DemoAddon | null = null;
  let closing: Promise<void> | null = null;
  let listening = false;
  return {
    get demoUrl() {
      return demo?.url ?? null;
    },

    async listen() {
      // Once, and never after close: fastify's own errors for these name none of our words.
      if (closing) throw new Error('this emulator is closed; create another to listen again');
      if (listening)
        throw new Error(
          `this emulator already listens${address.url ? ` at ${address.url}` : ''}; listen() is called once`,
        );
      listening = true;
      address.listened(await listenOn(http.target(), address.port, address.host));
      const { url } = address;
      await lock?.announce(url);
      if (input.options.demo && !config.settings.addonUrl) {
        const { startDemoAddon } = await import('./demo-server.js');
        demo = await startDemoAddon({ emulatorUrl: url });
      }
      // Retries and time rules that fell due while the emulator was stopped go out now (the inbox
      // needs it listening).
      webhooks.dispatcher.runDue();
      await timeRules.sweep();
      return url;
    },

    close() {
      closing ??= (async () => {
        // Before anything closes: what `addon listen` holds is given back, and its stream told so.
        await worldPart.leases.endAll();
        await timeRules.close();
        await webhooks.close();
        await demo?.close();
        await http.close();
        sessions.refusals.clear();
        sessions.installationChanges.clear();
        await storage.audit.close();
        await storage.store.close();
        await lock?.release();
        // Last: what the closing parts did (a delivery's last attempt) is in it.
        await observers.coverage?.close();
      })();
      return closing;
    },
  };
}
