import {
  createAddonConfigService,
  createAddonStorageService,
  type AddonConfigService,
  type AddonStorageService,
} from './addon-data.js';
import { createCollectionService, type CollectionService, type DomainDeps } from './collection-service.js';
import { ApiError } from '../common/errors.js';
import type { ResourceDefinition } from './resource.js';

/** The business rules of the emulated platform, over a store and the emulated clock. No HTTP here. */
export interface Domain {
  collections: Map<string, CollectionService>;
  /** The collection of that name, or a 404 naming the collections there are. */
  collection(name: string): CollectionService;
  config: AddonConfigService;
  storage: AddonStorageService;
}

export function createDomain(resources: readonly ResourceDefinition[], deps: DomainDeps): Domain {
  const collections = new Map(
    resources.map((definition) => [definition.name, createCollectionService(definition, deps)]),
  );
  return {
    collections,
    collection(name) {
      const service = collections.get(name);
      if (service) return service;
      const known = [...collections.keys()].join(', ');
      throw new ApiError(404, 'unknown_collection', `no collection ${name}; try ${known}`);
    },
    config: createAddonConfigService(deps),
    storage: createAddonStorageService(deps),
  };
}
