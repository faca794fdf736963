import type { ResourceRef, SampleRef } from '../domain/resource.js';
import type { Emulator } from '../emulator/emulator.js';
import type { Doc } from '../store/store.js';

/**
 * What the service's users do to its records, as explore's steps do it (docs/explore.md#actions):
 * through a scenario with webhooks on, so each change fires the catalog's events exactly as the
 * API's writes and the Data tab's do. Each acts on the configured organization.
 */

/** A new record of `resource`, its `i`-th sample, and any record it refers to that is missing. */
export async function createRecord(emulator: Emulator, resource: string, i: number): Promise<Doc> {
  const definition = emulator.registry.resources.find(({ name }) => name === resource)!;
  // A reference is the organization's newest record of its resource, or one made for it first; the
  // collection `other` names holds only records of its type, so it is a T.
  const ref: SampleRef = <T extends Doc>(other: ResourceRef<T>, j: number) =>
    (async () => newest(emulator, other.name) ?? (await createRecord(emulator, other.name, j)))() as Promise<T>;
  const data = await definition.samples.input(i, ref);
  const { records } = await emulator.scenario({ steps: [{ create: resource, as: 'made', data }] }, { webhooks: true });
  return records.made!;
}

/**
 * The newest record of `resource` moved to one of the statuses its lifecycle allows next (`pick`, a
 * fraction, chooses which); nothing when it has no record or no status to move to.
 */
export async function moveRecord(emulator: Emulator, resource: string, pick: number): Promise<void> {
  const record = newest(emulator, resource);
  const lifecycle = emulator.registry.resources.find(({ name }) => name === resource)?.lifecycle;
  const status = record && typeof record.status === 'string' ? record.status : undefined;
  const next = status === undefined ? [] : (lifecycle?.statuses[status]?.next ?? []);
  if (!record || !next.length) return;
  const to = next[Math.floor(pick * next.length)];
  await emulator.scenario({ steps: [{ update: resource, id: record._id, data: { status: to } }] }, { webhooks: true });
}

/** The newest record of `resource` deleted; nothing when it has none. */
export async function deleteRecord(emulator: Emulator, resource: string): Promise<void> {
  const record = newest(emulator, resource);
  if (record) await emulator.scenario({ steps: [{ delete: resource, id: record._id }] }, { webhooks: true });
}

const newest = (emulator: Emulator, resource: string): Doc | undefined =>
  emulator.records(resource, { limit: 1, offset: 0, order: 'newest' }).data[0];
