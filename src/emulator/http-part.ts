import type { Server } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { coverageAnswers } from '../coverage/answers.js';
import type { FaultSet } from '../faults/fault-set.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import { earlyServer } from './early-server.js';
import type { Emulator, EmulatorOptions } from './emulator.js';
import type { HttpAppParts } from './http-app.js';
import type { Address } from './address-part.js';
import type { Config } from './config-part.js';
import type { DomainPart } from './domain-part.js';
import type { Observers } from './observers-part.js';
import type { Sessions } from './sessions-part.js';
import type { Storage } from './storage-part.js';
import type { WorldPart } from './world-part.js';

/** The HTTP face (the add-on API, the control API, the host page), made now or on demand. */
export interface HttpPart {
  /** What listen() binds: the server made early when the app is made on demand, else the app. */
  target(): FastifyInstance | Server;
  /** The app, made now if it is made on demand. */
  app(): Promise<FastifyInstance>;
  /** Makes the app now unless it is made on demand; `control` is what the control API drives. */
  start(control: Emulator): Promise<void>;
  close(): Promise<void>;
}

export interface HttpInput {
  config: Pick<Config, 'settings' | 'registry' | 'logger' | 'timers'>;
  storage: Pick<Storage, 'keys' | 'audit' | 'clock' | 'store'>;
  faults: FaultSet;
  observers: Pick<Observers, 'recorder' | 'coverage'>;
  webhooks: Webhooks;
  domainPart: Pick<DomainPart, 'domain'>;
  sessions: Pick<Sessions, 'tokens' | 'limiter' | 'refusals' | 'sessionScopes'>;
  worldPart: Pick<WorldPart, 'gate'>;
  address: Pick<Address, 'origins'>;
  options: Pick<EmulatorOptions, 'httpOnDemand' | 'host'>;
}

/** Made after every part it serves; the app itself waits for the face (`start`), which its control API drives. */
export function prepareHttp(input: HttpInput): HttpPart {
  const { observers, options } = input;
  let control: Emulator | undefined;
  let app: FastifyInstance | undefined;
  // Imported when made: fastify and the routes' modules are then not loaded by an `addon exec` whose
  // command makes no request (the CLI bundle keeps them in a chunk of their own).
  const buildApp = async (serverFactory?: FastifyServerOptions['serverFactory']) =>
    (await import('./http-app.js')).createHttpApp(appParts(input, control!, serverFactory));
  // Not with a coverage dir (the file names every operation, which the routes tell) or on `localhost`
  // (fastify binds both loopbacks there).
  const onDemand =
    options.httpOnDemand && !observers.coverage?.dir && options.host !== 'localhost' ? earlyServer(buildApp) : null;
  return {
    target: () => onDemand?.server ?? app!,
    app: async () => app ?? (app = await onDemand!.app()),
    async start(emulator) {
      control = emulator;
      if (!onDemand) app = await buildApp();
    },
    // fastify closes a server it was handed only if it listened on it itself: the early one is closed here.
    async close() {
      const building = onDemand?.started()?.catch(() => undefined);
      await (app ?? (await building))?.close();
      if (!onDemand?.server.listening) return;
      onDemand.server.closeAllConnections();
      await new Promise((resolve) => onDemand.server.close(resolve));
    },
  };
}

function appParts(
  { config, storage, faults, observers, webhooks, domainPart, sessions, worldPart, address }: HttpInput,
  control: Emulator,
  serverFactory: FastifyServerOptions['serverFactory'],
): HttpAppParts {
  const { recorder } = observers;
  return {
    webhooks,
    settings: config.settings,
    keys: storage.keys,
    tokens: sessions.tokens,
    limiter: sessions.limiter,
    audit: storage.audit,
    clock: storage.clock,
    timers: config.timers,
    faults,
    domain: domainPart.domain,
    logger: config.logger,
    registry: config.registry,
    sessionScopes: sessions.sessionScopes,
    serverFactory,
    refused: sessions.refusals.emit,
    coverage: recorder,
    answers: recorder && coverageAnswers(recorder),
    gate: worldPart.gate,
    control,
    ownOrigins: () => address.origins(),
    apiUrl: () => control.apiUrl,
    addonUrl: () => control.addonUrl,
    settled: () => storage.store.settled(),
  };
}
