import { afterEach, describe, expect, it } from 'vitest';
import type { OrganizationInput } from '../../src/installations/organizations.js';
import { cleanUp, inProcess, startReceiver } from '../helpers.js';

afterEach(cleanUp);

/** Two organizations: a full grant for admins and accountants in one, a narrow one in the other, a third without the add-on. */
const ORGANIZATIONS: OrganizationInput[] = [
  {
    id: 'org_acme',
    name: 'Acme Ltd',
    users: [
      { id: 'usr_ann', role: 'admin' },
      { id: 'usr_bob', role: 'accountant' },
      { id: 'usr_vic', role: 'viewer' },
      { id: 'usr_sam', role: 'staff' },
    ],
    installation: { roles: ['admin', 'accountant'], users: ['usr_sam'] },
  },
  {
    id: 'org_beta',
    users: [{ id: 'usr_ben', role: 'accountant' }],
    installation: { grant: ['invoices.read'] },
  },
  { id: 'org_none', users: [{ id: 'usr_nia', role: 'admin' }] },
];

const closedWorld = () =>
  inProcess({ scopes: ['invoices.*', 'customers.read', 'storage.*'], organizations: ORGANIZATIONS });

describe('installations, users and roles', () => {
  it('opens a session by default as the first user who may use the add-on, in the first organization it is installed in', async () => {
    const em = await closedWorld();
    expect(em.settings).toMatchObject({ orgId: 'org_acme', userId: 'usr_ann' });
    const { claims } = await em.token();
    expect(claims).toMatchObject({
      orgId: 'org_acme',
      userId: 'usr_ann',
      scopes: ['invoices.*', 'customers.read', 'storage.*'],
    });
  });

  it('mints a token only for a user who may use the add-on where it is installed', async () => {
    const em = await closedWorld();
    const mint = (body: object) => em.call('POST', '/_emulator/tokens', { body });
    expect((await mint({ orgId: 'org_acme', userId: 'usr_bob' })).status).toBe(201);
    expect((await mint({ orgId: 'org_acme', userId: 'usr_sam' })).status).toBe(201); // by name, whatever the role
    const viewer = await mint({ orgId: 'org_acme', userId: 'usr_vic' });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toMatchObject({ code: 'access_denied' });
    expect(viewer.body.message).toBe(
      'usr_vic (viewer) may not use the add-on in org_acme: access is for admins, accountants and usr_sam',
    );
    const stranger = await mint({ orgId: 'org_acme', userId: 'usr_zed' });
    expect(stranger).toMatchObject({ status: 404, body: { code: 'unknown_user' } });
    const notInstalled = await mint({ orgId: 'org_none', userId: 'usr_nia' });
    expect(notInstalled).toMatchObject({ status: 403, body: { code: 'addon_not_installed' } });
    const nowhere = await mint({ orgId: 'org_nowhere', userId: 'usr_ann' });
    expect(nowhere).toMatchObject({ status: 404, body: { code: 'unknown_organization' } });
  });

  it('gives a session in the narrower organization that grant: its 403s name it', async () => {
    const em = await closedWorld();
    const { token, claims } = await em.token({ orgId: 'org_beta', userId: 'usr_ben' });
    expect(claims.scopes).toEqual(['invoices.read']);
    expect((await em.call('GET', 'invoices', { token })).status).toBe(200);
    const refused = await em.call('GET', 'customers', { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ requiredScope: 'customers.read', grantedScopes: ['invoices.read'] });
    const beyond = await em.call('POST', '/_emulator/tokens', {
      body: { orgId: 'org_beta', userId: 'usr_ben', scopes: ['customers.read'] },
    });
    expect(beyond).toMatchObject({ status: 403, body: { code: 'scope_not_granted' } });
  });

  it('a grant changed takes effect on the next call of a session already open, and new tokens carry it', async () => {
    const em = await closedWorld();
    const { token } = await em.token();
    expect((await em.call('GET', 'customers', { token })).status).toBe(200);
    const changed = await em.call('PUT', '/_emulator/organizations/org_acme/installation', {
      body: { grant: ['invoices.read'], roles: ['admin'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ grantedScopes: ['invoices.read'], source: 'changed' });
    const narrowed = await em.call('GET', 'customers', { token });
    expect(narrowed.status).toBe(403);
    expect(narrowed.body.grantedScopes).toEqual(['invoices.read']);
    expect((await em.call('GET', 'invoices', { token })).status).toBe(200);
    expect((await em.token()).claims.scopes).toEqual(['invoices.read']);
    const outside = await em.call('PUT', '/_emulator/organizations/org_acme/installation', {
      body: { grant: ['payments.read'] },
    });
    expect(outside).toMatchObject({ status: 400, body: { code: 'invalid_installation' } });
  });

  it('uninstall ends the sessions there and removes the subscriptions; reinstall finds the add-on data again', async () => {
    const em = await closedWorld();
    const receiver = await startReceiver();
    const { token } = await em.token();
    const subscribe = { event: 'invoice.created', webhookUrl: receiver.url };
    expect((await em.call('POST', 'events/subscribe', { token, body: subscribe })).status).toBe(201);
    expect((await em.call('PUT', 'storage/kept', { token, body: { value: 1 } })).status).toBeLessThan(300);

    const removed = await em.call('DELETE', '/_emulator/organizations/org_acme/installation');
    expect(removed).toMatchObject({ status: 200, body: { subscriptionsRemoved: 1 } });
    const after = await em.call('GET', 'invoices', { token });
    expect(after).toMatchObject({ status: 401, body: { code: 'addon_not_installed' } });
    expect(em.subscriptions()).toEqual([]);
    expect(em.organization('org_acme').installation).toBeNull();
    const again = await em.call('DELETE', '/_emulator/organizations/org_acme/installation');
    expect(again).toMatchObject({ status: 409, body: { code: 'not_installed' } });

    await em.install({ orgId: 'org_acme' });
    const fresh = (await em.token()).token;
    expect((await em.call('GET', 'storage/kept', { token: fresh })).body.data).toMatchObject({ value: 1 });
    expect((await em.call('GET', 'events/subscriptions', { token: fresh })).body.data).toEqual([]);
  });

  it('a grant that shrinks ends the subscriptions whose event needs a scope taken away, and only those', async () => {
    const em = await closedWorld();
    const receiver = await startReceiver();
    const { token } = await em.token();
    for (const event of ['invoice.created', 'customer.created'])
      expect(
        (await em.call('POST', 'events/subscribe', { token, body: { event, webhookUrl: receiver.url } })).status,
      ).toBe(201);

    await em.install({ orgId: 'org_acme', grant: ['invoices.read', 'storage.*'] });
    expect(em.subscriptions().map(({ event }) => event)).toEqual(['invoice.created']);
    await em.trigger('customer.created');
    await em.trigger('invoice.created');
    await em.idle();
    expect(em.deliveries({ limit: Infinity }).map(({ event }) => event)).toEqual(['invoice.created']);

    await em.install({ orgId: 'org_acme', grant: ['invoices.*', 'customers.read', 'storage.*'] });
    expect(em.subscriptions().map(({ event }) => event)).toEqual(['invoice.created']); // the add-on subscribes again
  });

  it('is part of the world: an export carries a change, a reset goes back to the configuration', async () => {
    const em = await closedWorld();
    await em.install({ orgId: 'org_none' });
    const exported = em.exportState();
    expect(exported.organizations.org_none.apps?.['com.example.demo-addon']?.installation).toMatchObject({
      status: 'installed',
    });
    await em.reset();
    expect(em.organization('org_none').installation).toBeNull();
    await em.importState(exported);
    expect(em.organization('org_none').installation).toMatchObject({ source: 'changed' });
  });

  it('the status, the scope report and bad tokens follow the installation in force', async () => {
    const em = await closedWorld();
    await em.install({ orgId: 'org_acme', grant: ['invoices.read'] });
    expect(em.status().grantedScopes).toEqual(['invoices.read']);
    const granted = em
      .scopeReport()
      .scopes.filter((row) => row.granted)
      .map((row) => row.scope);
    expect(granted).toEqual(['invoices.read']);
    const expired = await em.token({ variant: 'expired' });
    expect(expired.claims.scopes).toEqual(['invoices.read']);
    const refused = await em.call('POST', '/_emulator/tokens', { body: { variant: 'tampered', userId: 'usr_vic' } });
    expect(refused).toMatchObject({ status: 403, body: { code: 'access_denied' } });
  });

  it('tells the live stream of each change, and of a world replaced; lists who may use the add-on', async () => {
    const em = await closedWorld();
    const told: unknown[] = [];
    em.onEvent((event) => event.name === 'installations' && told.push(event.data));
    await em.install({ orgId: 'org_none' });
    await em.uninstall({ orgId: 'org_none' });
    await em.reset();
    expect(told).toEqual([{ orgId: 'org_none' }, { orgId: 'org_none' }, { orgId: null }]);
    const users = em.organization('org_acme').users.map(({ id, mayUse }) => [id, mayUse]);
    expect(users).toEqual([
      ['usr_ann', true],
      ['usr_bob', true],
      ['usr_vic', false],
      ['usr_sam', true],
    ]);
  });

  it('refuses a configuration it cannot honour, naming the problem', async () => {
    await expect(
      inProcess({
        scopes: ['invoices.read'],
        organizations: [{ id: 'org_a', installation: { grant: ['customers.read'] } }],
      }),
    ).rejects.toThrow(
      /organizations\[0\] \(org_a\)\.installation: scope customers\.read is not among the declared scopes/,
    );
    await expect(inProcess({ organizations: [{ id: 'org_a', users: [{ id: 'u', role: 'owner' }] }] })).rejects.toThrow(
      /u's role owner is not one of admin, accountant, staff, viewer/,
    );
    await expect(inProcess({ organizations: ORGANIZATIONS, orgId: 'org_x' })).rejects.toThrow(
      /orgId org_x is not among the organizations configured/,
    );
  });
});

describe('with no organizations configured (the open world)', () => {
  it('has the add-on installed everywhere for everyone, as before', async () => {
    const em = await inProcess({ scopes: ['invoices.read'] });
    const { claims } = await em.token({ orgId: 'org_elsewhere', userId: 'usr_anyone' });
    expect(claims.scopes).toEqual(['invoices.read']);
    expect(em.organizations().map(({ id }) => id)).toEqual(['org_demo']);
  });

  it('can still uninstall from one organization, and install there again', async () => {
    const em = await inProcess();
    const { token } = await em.token({ orgId: 'org_b' });
    await em.uninstall({ orgId: 'org_b' });
    expect((await em.call('GET', 'invoices', { token })).status).toBe(401);
    expect(em.organizations().map(({ id, installation }) => [id, installation !== null])).toEqual([
      ['org_demo', true],
      ['org_b', false],
    ]);
    expect((await em.call('POST', '/_emulator/tokens', { body: { orgId: 'org_b' } })).status).toBe(403);
    await em.install({ orgId: 'org_b', grant: ['customers.read'] });
    expect((await em.token({ orgId: 'org_b' })).claims.scopes).toEqual(['customers.read']);
  });
});
