// Sessions that stay ended (docs/installations.md#ended-sessions-stay-ended): a token issued before
// an uninstall or a loss of access is refused for good, whatever happens to the installation after.
import { afterEach, describe, expect, it } from 'vitest';
import { createClock } from '../../src/common/clock.js';
import type { OrganizationInput } from '../../src/installations/organizations.js';
import { cleanUp, inProcess, type InProcessEmulator } from '../helpers.js';

afterEach(cleanUp);

const ORGANIZATIONS: OrganizationInput[] = [
  {
    id: 'org_acme',
    users: [
      { id: 'usr_ann', role: 'admin' },
      { id: 'usr_bob', role: 'accountant' },
    ],
    installation: { roles: ['admin', 'accountant'] },
  },
  { id: 'org_none', users: [{ id: 'usr_nia', role: 'admin' }] },
];

/**
 * The emulated clock stands still: every token here is issued in the same emulated second, so
 * only the order of issue (the jti), never `iat`, can tell the ended ones from the fresh.
 */
const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const closedWorld = () => inProcess({ organizations: ORGANIZATIONS, clock: createClock({ source: () => NOW }) });

const codeOf = async (em: InProcessEmulator, token: string) => {
  const answer = await em.call('GET', 'invoices', { token });
  return answer.status === 200 ? 200 : `${answer.status} ${answer.body.code}`;
};
const ENDED_AT = '2026-03-02T10:00:00.000Z';

describe('an ended session stays ended', () => {
  it('after an uninstall and a reinstall: the old token is session_revoked, a token minted after works', async () => {
    const em = await closedWorld();
    const { token: old } = await em.token();
    expect(await codeOf(em, old)).toBe(200);
    await em.uninstall({ orgId: 'org_acme' });
    expect(await codeOf(em, old)).toBe('401 addon_not_installed');
    await em.install({ orgId: 'org_acme' });
    const { token: fresh, claims } = await em.token();
    const refused = await em.call('GET', 'invoices', { token: old });
    expect(refused).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    expect(refused.body.message).toBe(
      `this session ended when the add-on was uninstalled from org_acme at ${ENDED_AT}; open the add-on again for a new session`,
    );
    // Minted in the same emulated second as the ended one, after the reinstall: it works.
    expect(claims.iat).toBe(NOW / 1000);
    expect(await codeOf(em, fresh)).toBe(200);
  });

  it('after access taken away and given back: only the user who lost it, and only their tokens from before', async () => {
    const em = await closedWorld();
    const bob = (await em.token({ userId: 'usr_bob' })).token;
    const ann = (await em.token({ userId: 'usr_ann' })).token;
    await em.install({ orgId: 'org_acme', roles: ['admin'] });
    expect(await codeOf(em, bob)).toBe('401 access_revoked');
    expect(await codeOf(em, ann)).toBe(200);
    await em.install({ orgId: 'org_acme', roles: ['admin', 'accountant'] });
    const refused = await em.call('GET', 'invoices', { token: bob });
    expect(refused).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    expect(refused.body.message).toBe(
      `this session ended when usr_bob's access to the add-on in org_acme was taken away at ${ENDED_AT}; open the add-on again for a new session`,
    );
    expect(await codeOf(em, ann)).toBe(200);
    expect(await codeOf(em, (await em.token({ userId: 'usr_bob' })).token)).toBe(200);
  });

  it('in the open world: a rule that leaves admins out ends every session but those of the users it names', async () => {
    const em = await inProcess({ clock: createClock({ source: () => NOW }) });
    const anyone = (await em.token({ userId: 'usr_anyone' })).token;
    const named = (await em.token({ userId: 'usr_named' })).token;
    const elsewhere = (await em.token({ orgId: 'org_other', userId: 'usr_anyone' })).token;
    await em.install({ roles: ['accountant'], users: ['usr_named'] });
    expect(await codeOf(em, anyone)).toBe('401 access_revoked');
    expect(await codeOf(em, named)).toBe(200);
    await em.install({ roles: ['admin'] });
    expect(await codeOf(em, anyone)).toBe('401 session_revoked');
    expect(await codeOf(em, named)).toBe(200);
    expect(await codeOf(em, elsewhere)).toBe(200);
    expect(await codeOf(em, (await em.token({ userId: 'usr_anyone' })).token)).toBe(200);

    // A user named, then left out while admins still have no access: that user's sessions end.
    const kept = (await em.token({ userId: 'usr_kept' })).token;
    await em.install({ roles: ['viewer'], users: ['usr_kept', 'usr_named'] });
    await em.install({ roles: ['viewer'], users: ['usr_named'] });
    await em.install({ roles: ['admin'] });
    expect(await codeOf(em, kept)).toBe('401 session_revoked');
    expect(await codeOf(em, named)).toBe(200);
  });

  it('a rollback, a restore, an import or a reset to the world before the uninstall does not revive it', async () => {
    const em = await closedWorld();
    const before = em.checkpoint();
    const exported = em.exportState();
    await em.saveState('installed');
    const { token } = await em.token();
    await em.uninstall({ orgId: 'org_acme' });
    const back = [
      () => em.rollback(before),
      () => em.restoreState('installed'),
      () => em.importState(exported),
      () => em.reset(),
    ];
    for (const goBack of back) {
      await goBack();
      expect(em.organization('org_acme').installation).not.toBeNull();
      expect(await codeOf(em, token)).toBe('401 session_revoked');
    }
  });

  it('a world put back where the add-on is not installed ends the sessions of the world it replaced', async () => {
    const em = await closedWorld();
    const before = em.checkpoint();
    await em.install({ orgId: 'org_none' });
    const { token } = await em.token({ orgId: 'org_none', userId: 'usr_nia' });
    expect(await codeOf(em, token)).toBe(200);
    await em.rollback(before);
    expect(await codeOf(em, token)).toBe('401 addon_not_installed');
    await em.install({ orgId: 'org_none' });
    expect(await codeOf(em, token)).toBe('401 session_revoked');
  });

  it("takes no organization or user id a token could not carry, in process too: `*` is the ledger's own", async () => {
    const em = await inProcess();
    await expect(em.uninstall({ orgId: '*' })).rejects.toThrow('orgId "*" must be 1-64 letters, digits or _.:-');
    await expect(em.install({ roles: ['viewer'], users: ['*'] })).rejects.toMatchObject({
      code: 'invalid_installation',
      message: 'org_demo: user id "*" must be 1-64 letters, digits or _.:-',
    });
  });
});
