import {
  createAddonConfigService,
  createAddonStorageService,
  type AddonConfigService,
  type AddonStorageService,
} from './addon-data.js';
import { createCollectionService, type CollectionService, type DomainDeps } from './collection-service.js';
import { RESOURCES } from './resources/index.js';

/** The business rules of the emulated platform, over a store and the emulated clock. No HTTP here. */
export interface Domain {
  collections: Map<string, CollectionService>;
  config: AddonConfigService;
  storage: AddonStorageService;
}

export function createDomain(deps: DomainDeps): Domain {
  return {
    collections: new Map(RESOURCES.map((definition) => [definition.name, createCollectionService(definition, deps)])),
    config: createAddonConfigService(deps),
    storage: createAddonStorageService(deps),
  };
}
