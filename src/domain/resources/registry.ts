import { scopeList, type ScopeList } from '../../auth/scopes.js';
import type { ResourceDefinition } from '../resource.js';
import { RESOURCES } from './index.js';
import { createCatalog, type Catalog } from '../catalog.js';

/**
 * Everything the emulated API derives from a list of resources (by default the platform's, in
 * index.ts): the scopes, the event catalog (and, through the domain, the routes, the OpenAPI schemas
 * and the seeder). An emulator is made with one; adding a resource is adding its definition to the list.
 */
export interface Registry {
  readonly resources: readonly ResourceDefinition[];
  readonly scopes: ScopeList;
  readonly catalog: Catalog;
}

export function createRegistry(resources: readonly ResourceDefinition[] = RESOURCES): Registry {
  const names = resources.map((r) => r.name);
  if (new Set(names).size !== names.length) throw new Error(`two resources share a name: ${names.join(', ')}`);
  return { resources, scopes: scopeList(names), catalog: createCatalog(resources) };
}

/** The platform's own resources: what `addon events` lists and what the emulator serves by default. */
export const DEFAULT_REGISTRY: Registry = createRegistry();
