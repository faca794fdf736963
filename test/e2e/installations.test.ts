import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cleanUp, cli, expectOneLine, startDev, startReceiver, tempDir, type DevProcess } from '../helpers.js';

/**
 * Installations, users and roles through the real CLI, against `addon dev` reading an
 * addon.config.json that describes two organizations (docs/installations.md).
 */
const CONFIG = {
  scopes: ['invoices.*', 'customers.read', 'storage.*'],
  organizations: [
    {
      id: 'org_acme',
      name: 'Acme Ltd',
      users: [
        { id: 'usr_ann', role: 'admin' },
        { id: 'usr_vic', role: 'viewer' },
      ],
      installation: { roles: ['admin'] },
    },
    { id: 'org_beta', users: [{ id: 'usr_ben', role: 'accountant' }], installation: { grant: ['invoices.read'] } },
  ],
};

let dev: DevProcess;
let cwd: string;
const addon = (...args: string[]) => cli([...args, '--emulator', dev.url], { cwd });
const json = async (...args: string[]) => {
  const run = await addon(...args, '--json');
  expect(run.stderr, args.join(' ')).toBe('');
  return JSON.parse(run.stdout);
};

beforeAll(async () => {
  cwd = await tempDir();
  await writeFile(join(cwd, 'addon.config.json'), JSON.stringify(CONFIG));
  dev = await startDev(['--ephemeral'], { cwd, json: false });
});
afterAll(cleanUp);

describe('installations through the CLI', () => {
  it('addon dev opens as the first user who may use the add-on, and says where it is installed', () => {
    expect(dev.output()).toMatch(/Org {9}org_acme\n {2}User {8}usr_ann\n/);
    expect(dev.output()).toContain('Orgs        org_acme (installed), org_beta (installed)');
  });

  it('addon users lists the users, their roles and who may open the add-on', async () => {
    const run = await addon('users');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(
      [
        'org_acme (Acme Ltd): the add-on is installed, granted invoices.* customers.read storage.*; access is for admins.',
        '  usr_ann  admin       may use the add-on',
        '  usr_vic  viewer      no access',
      ].join('\n'),
    );
    const listed = await json('users', '--org', 'org_beta');
    expect(listed).toMatchObject({
      data: [{ id: 'usr_ben', role: 'accountant', mayUse: true }],
      organization: { id: 'org_beta' },
      installation: { grantedScopes: ['invoices.read'] },
    });
  });

  it('a user without access gets no token: one line, exit 1', async () => {
    expectOneLine(
      await addon('token', '--user', 'usr_vic'),
      'addon: usr_vic (viewer) may not use the add-on in org_acme: access is for admins',
    );
    expectOneLine(await addon('token', '--user', 'usr_nobody'), /^addon: usr_nobody is not a user of org_acme/);
  });

  it('a narrower grant in the second organization gives 403s with grantedScopes of that grant', async () => {
    const { token, claims } = await json('token', '--org', 'org_beta', '--user', 'usr_ben');
    expect(claims.scopes).toEqual(['invoices.read']);
    expect((await api(`${dev.apiUrl}/invoices`, { token })).status).toBe(200);
    const refused = await api(`${dev.apiUrl}/customers`, { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ requiredScope: 'customers.read', grantedScopes: ['invoices.read'] });
  });

  it('install changes the grant: the open session meets it at once, the next token carries it', async () => {
    const { token } = await json('token', '--org', 'org_beta', '--user', 'usr_ben');
    const installed = await addon('install', '--org', 'org_beta', '--grant', 'invoices.read,customers.read');
    expect(installed).toMatchObject({ exitCode: 0, stderr: '' });
    expect(installed.stdout).toBe(
      'Installed com.example.demo-addon in org_beta: granted invoices.read customers.read; access is for everyone.',
    );
    expect((await api(`${dev.apiUrl}/customers`, { token })).status).toBe(403); // its token never had it
    const next = await json('token', '--org', 'org_beta', '--user', 'usr_ben');
    expect(next.claims.scopes).toEqual(['invoices.read', 'customers.read']);
    expect((await api(`${dev.apiUrl}/customers`, { token: next.token })).status).toBe(200);
    expectOneLine(
      await addon('install', '--org', 'org_beta', '--roles', 'owner'),
      'addon: --roles takes roles, comma-separated: admin, accountant, staff, viewer (got "owner")',
      2,
    );
  });

  it('uninstall ends its sessions and removes its subscriptions; a reinstall finds its data', async () => {
    const receiver = await startReceiver();
    const { token } = await json('token');
    const subscribe = { event: 'invoice.created', webhookUrl: receiver.url };
    expect((await api(`${dev.apiUrl}/events/subscribe`, { token, body: subscribe })).status).toBe(201);
    expect((await api(`${dev.apiUrl}/storage/kept`, { token, method: 'PUT', body: { value: 7 } })).status).toBeLessThan(
      300,
    );

    const removed = await addon('uninstall');
    expect(removed.stdout).toBe(
      'Uninstalled from org_acme: its sessions there ended, 1 subscription was removed; its data stays for a reinstall.',
    );
    const ended = await api(`${dev.apiUrl}/invoices`, { token });
    expect(ended).toMatchObject({ status: 401, body: { code: 'addon_not_installed' } });
    expectOneLine(await addon('token'), /^addon: the add-on is not installed in org_acme: install it first/);
    expectOneLine(await addon('uninstall'), 'addon: the add-on is not installed in org_acme');
    const fired = await json('trigger', 'invoice.created');
    expect(fired.deliveries).toEqual([]);

    expect((await addon('install', '--roles', 'admin')).exitCode).toBe(0);
    const fresh = await json('token');
    expect((await api(`${dev.apiUrl}/storage/kept`, { token: fresh.token })).body.data).toMatchObject({ value: 7 });
    expect((await api(`${dev.apiUrl}/events/subscriptions`, { token: fresh.token })).body.data).toEqual([]);
  });
});

describe('ended sessions through the CLI', () => {
  it('a token from before an uninstall, or a loss of access, stays refused after a reinstall and a restart', async () => {
    const data = await tempDir();
    let restarted = await startDev(['--data', data], { cwd, json: false });
    const run = (...args: string[]) => cli([...args, '--emulator', restarted.url], { cwd });
    const code = async (token: string) => (await api(`${restarted.apiUrl}/invoices`, { token })).body?.code ?? 200;
    const mint = async () => JSON.parse((await run('token', '--json')).stdout).token as string;

    const beforeUninstall = await mint();
    expect((await run('uninstall')).exitCode).toBe(0);
    expect((await run('install', '--roles', 'admin')).exitCode).toBe(0);
    expect(await code(beforeUninstall)).toBe('session_revoked');
    const beforeLoss = await mint();
    expect((await run('install', '--roles', 'viewer')).exitCode).toBe(0);
    expect(await code(beforeLoss)).toBe('access_revoked');
    expect((await run('install', '--roles', 'admin')).exitCode).toBe(0);
    expect(await code(beforeLoss)).toBe('session_revoked');

    await restarted.stop();
    restarted = await startDev(['--data', data], { cwd, json: false });
    const refused = await api(`${restarted.apiUrl}/invoices`, { token: beforeUninstall });
    expect(refused).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    expect(refused.body.message).toMatch(
      /^this session ended when the add-on was uninstalled from org_acme at \S+Z; open the add-on again for a new session$/,
    );
    expect(await code(beforeLoss)).toBe('session_revoked');
    expect(await code(await mint())).toBe(200);
  });
});

describe('an organization id the emulator does not have', () => {
  it('with organizations configured: refused in one line, exit 1, and nothing changes', async () => {
    const before = (await api(`${dev.url}/_emulator/organizations`)).body;
    const unknown = 'addon: org_nope is not an organization of the emulated platform (configured: org_acme, org_beta)';
    expectOneLine(await addon('users', '--org', 'org_nope'), unknown);
    expectOneLine(await addon('uninstall', '--org', 'org_nope'), unknown);
    expectOneLine(await addon('install', '--org', 'org_nope'), unknown);
    expect((await api(`${dev.url}/_emulator/organizations`)).body).toEqual(before);
  });

  it('in the open world it exists, as every organization does there, and the CLI says so', async () => {
    const open = await startDev(['--ephemeral']);
    const run = (...args: string[]) => cli([...args, '--emulator', open.url]);
    const note =
      'No organizations are configured, so every organization exists, org_nope too; list them under "organizations" in addon.config.json to have those alone.';
    const listed = await run('users', '--org', 'org_nope');
    expect(listed).toMatchObject({ exitCode: 0, stderr: '' });
    expect(listed.stdout.split('\n')).toEqual([
      'org_nope: the add-on is installed, granted *; access is for everyone.',
      '  usr_demo  admin       may use the add-on',
      note,
    ]);
    expect(JSON.parse((await run('users', '--org', 'org_nope', '--json')).stdout)).toMatchObject({ openWorld: true });
    const removed = await run('uninstall', '--org', 'org_nope');
    expect(removed.stdout.split('\n')).toEqual([
      'Uninstalled from org_nope: its sessions there ended, 0 subscriptions were removed; its data stays for a reinstall.',
      note,
    ]);
    // The emulated organization is the one the emulator opens: nothing to say of it.
    const own = await run('users', '--json');
    expect(JSON.parse(own.stdout)).toMatchObject({ organization: { id: 'org_demo' }, openWorld: false });
    expect((await run('users')).stdout).not.toContain('No organizations are configured');
  });
});
