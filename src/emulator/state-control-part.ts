import type { StateControlTarget } from '../control/state-control.js';
import { checkId } from '../installations/settings.js';
import { runScenario } from '../scenarios/run-scenario.js';
import { checkScenario } from '../scenarios/scenario-check.js';
import { readJsonFile } from '../common/json/json-file.js';
import { SCENARIO_BOUNDS } from '../common/limits.js';
import type { Checkpoint } from '../state/world.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import type { Emulator } from './emulator.js';
import type { Config } from './config-part.js';
import type { DomainPart } from './domain-part.js';
import type { Storage } from './storage-part.js';
import type { WorldPart } from './world-part.js';

export interface StateControlInput {
  config: Pick<Config, 'settings' | 'registry'>;
  storage: Pick<Storage, 'clock'>;
  webhooks: Webhooks;
  domainPart: Pick<DomainPart, 'domain' | 'trigger' | 'timeRules' | 'advance'>;
  worldPart: WorldPart;
}

/** The world as a whole: reset, checkpoints, state files and scenarios; changes wait at the gate. */
export function stateControl(input: StateControlInput): StateControlTarget & Pick<Emulator, 'checkpoint' | 'rollback'> {
  const { config, storage, webhooks, domainPart, worldPart } = input;
  const { world, gate, afterGate } = worldPart;
  return {
    reset: afterGate(() => world.reset()),
    checkpoint: () => world.checkpoint(),
    rollback: afterGate((checkpoint: Checkpoint) => world.rollback(checkpoint)),
    exportState: () => world.export(),
    importState: afterGate((file: unknown) => world.import(file)),
    saveState: afterGate((name: string) => world.save(name)),
    restoreState: afterGate((name: string) => world.restore(name)),
    listStates: () => world.list(),
    removeState: (name) => world.remove(name),
    async scenario(scenario, { orgId = config.settings.orgId, webhooks: deliver } = {}) {
      checkId('orgId', orgId);
      const content =
        typeof scenario === 'string' ? await readJsonFile(scenario, SCENARIO_BOUNDS, 'the scenario') : scenario;
      const file = checkScenario(content, config.registry);
      const { domain, trigger, timeRules, advance } = domainPart;
      // A scenario's own advance step cannot wait for its events: they are held until it commits.
      const advanceClock = (ms: number) => advance(ms, false);
      const deps = { domain, trigger, advanceClock, clock: storage.clock, webhooks, world, gate, timeRules };
      return runScenario(deps, file, { orgId, webhooks: deliver });
    },
  };
}
