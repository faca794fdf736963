import { lockDataDir } from '../store/data-dir.js';
import type { Emulator, EmulatorOptions } from './emulator.js';
import { keepInternals } from './internals.js';
import { planAddress } from './address-part.js';
import { resolveConfig } from './config-part.js';
import { createDomainPart } from './domain-part.js';
import { emulatorFace } from './face-part.js';
import { configuredFaults } from './faults-part.js';
import { prepareHttp } from './http-part.js';
import { createLifecycle } from './lifecycle-part.js';
import { startObservers } from './observers-part.js';
import { createSessions } from './sessions-part.js';
import { startWorld } from './starting-world-part.js';
import { openStorage, type Opened } from './storage-part.js';
import { createWebhookPart } from './webhooks-part.js';
import { createWorldPart } from './world-part.js';

// Its callers take the types with the function.
export type { Emulator, EmulatorOptions } from './emulator.js';

/**
 * The one programmatic core: `addon dev`, `addon exec`, the host page and the tests all use it.
 * It assembles the parts (./*-part.ts) in order, each given the parts before it that it needs; each
 * behaviour lives in the module named for it (docs/architecture.md#the-composition-root).
 */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const config = resolveConfig(options);
  const lock = config.dataDir ? await lockDataDir(config.dataDir) : null;
  const opened: Opened = [];
  try {
    const storage = await openStorage({ config, clock: options.clock }, opened);
    // Before the coverage dir is made: a bad rule leaves none behind.
    const faults = configuredFaults(options);
    const observers = await startObservers({ config, storage, options });
    const address = planAddress(options);
    // Before the domain, which tells them every change; after the observers, which count attempts.
    const webhooks = createWebhookPart({ config, storage, faults, observers, address, options });
    const domainPart = createDomainPart({ config, storage, observers, webhooks });
    const sessions = createSessions({ config, storage, webhooks });
    const worldPart = createWorldPart({ config, storage, webhooks, domainPart, sessions });
    // The last three serve, drive or close every part so far: each input type says what it reads.
    const parts = { config, storage, faults, observers, address, webhooks, domainPart, sessions, worldPart, options };
    const http = prepareHttp(parts);
    const lifecycle = createLifecycle({ ...parts, lock, http });
    const emulator = emulatorFace({ ...parts, http, lifecycle });
    keepInternals(emulator, { domain: domainPart.domain, webhooks, timeRules: domainPart.timeRules });
    // The app's control API drives the face, so the app is made (unless on demand) once the face is.
    await http.start(emulator);
    await startWorld({ config, storage, worldPart, emulator, options });
    return emulator;
  } catch (error) {
    for (const resource of opened.reverse()) await resource.close().catch(() => {});
    await lock?.release();
    throw error;
  }
}
