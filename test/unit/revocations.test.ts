import { describe, expect, it } from 'vitest';
import { sessionOrder } from '../../src/auth/session-order.js';
import { createClock } from '../../src/common/clock.js';
import { createRevocations, REVOCATIONS } from '../../src/installations/revocations.js';
import { MAX_REVOCATIONS } from '../../src/common/limits.js';
import { openDocumentStore } from '../../src/store/document-store.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';
import type { Store } from '../../src/store/store.js';

const ledger = async () => {
  const store = await openDocumentStore(memoryPersistence());
  return { store, revocations: createRevocations(store, createClock()) };
};
const session = (orgId: string, userId: string) => ({ orgId, userId, jti: sessionOrder.next() });
const marks = (store: Store) =>
  store.scopes(REVOCATIONS).reduce((sum, scope) => sum + store.count(REVOCATIONS, scope), 0);

describe('the ledger of ended sessions', () => {
  it("keeps an organization's earlier end for the users a later one leaves out, but not for those it spared", async () => {
    const { revocations } = await ledger();
    const ann = session('org_a', 'usr_ann');
    const bob = session('org_a', 'usr_bob');
    await revocations.record([{ orgId: 'org_a', except: ['usr_bob'], cause: 'access' }]);
    const later = session('org_a', 'usr_cy');
    await revocations.record([{ orgId: 'org_a', except: ['usr_ann', 'usr_bob', 'usr_cy'], cause: 'uninstalled' }]);
    expect(revocations.ended(ann)).toMatchObject({ cause: 'access' });
    expect(revocations.ended(bob)).toBeNull(); // spared by both
    expect(revocations.ended(later)).toBeNull();
    expect(revocations.ended(session('org_a', 'usr_ann'))).toBeNull();
    expect(revocations.ended({ ...ann, orgId: 'org_b' })).toBeNull();
  });

  it('holds at most MAX_REVOCATIONS marks: past it, one ends every session issued until then', async () => {
    const { store, revocations } = await ledger();
    const before = session('org_z', 'usr_z');
    const users = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ orgId: 'org_a', userId: `usr_${from + i}`, cause: 'access' as const }));
    await revocations.record(users(0, MAX_REVOCATIONS));
    expect(marks(store)).toBe(MAX_REVOCATIONS);
    expect(revocations.ended(before)).toBeNull();
    const between = session('org_z', 'usr_z');
    await revocations.record(users(MAX_REVOCATIONS, 1));
    expect(marks(store)).toBe(1);
    expect(revocations.ended(before)).toMatchObject({ cause: 'bound' });
    expect(revocations.ended(between)).toMatchObject({ cause: 'bound' });
    expect(revocations.ended(session('org_a', 'usr_0'))).toBeNull();
  });
});
