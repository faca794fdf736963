// @vitest-environment happy-dom
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { clampHeight } from '../../src/bridge/addon-messages.js';
import { UserError } from '../../src/common/errors.js';
import { BRIDGE_BURST } from '../../src/common/limits.js';
import { createBridge } from '../../src/sdk/browser/index.js';
import { mockHost, startEmulator, type TestEmulator } from '../../src/testing/index.js';
import { componentSession } from './component-session.js';

let emulator: TestEmulator;
beforeEach(async () => {
  emulator = await startEmulator({ scopes: ['customers.read'] });
});
afterEach(() => emulator.close());

it('connects a component through mockHost() under happy-dom, and does again once the first host closed', async () => {
  await componentSession();
  await componentSession();
});

it('says why a user may not open the add-on, as the emulator refuses them, and leaves the window as it was', async () => {
  await emulator.uninstall();
  const refused = await mockHost({ emulator }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(UserError);
  expect(refused).toMatchObject({
    code: 'addon_not_installed',
    message: expect.stringMatching(/^mockHost: .*not installed/),
  });
  expect(window.parent).toBe(window);
  await expect(mockHost({ emulator, appId: 'com.example.other' })).rejects.toThrow(
    'mockHost: appId and emulatorOptions are for an emulator of its own; the emulator passed in has its own',
  );
});

it('counts what the bridge carried in the emulator’s coverage, and notes a notify the platform would not show', async () => {
  const host = await mockHost({ emulator });
  const bridge = createBridge();
  await bridge.ready();
  bridge.notify('Only the emulator shows this', 'info');
  await host.waitForNotify('info');
  bridge.destroy();
  await host.close();
  const coverage = await emulator.emulator.inject('/_emulator/coverage');
  expect(coverage.json().hits.bridge).toMatchObject({ 'service:ready': 1, 'service:context': 1 });
  expect(emulator.emulator.parity.list()).toEqual([expect.objectContaining({ kind: 'notify-level' })]);
});

it('answers as the host would when told, takes a strict session as --strict, and drops a flood over the bridge’s rate', async () => {
  const host = await mockHost({ emulator, strict: true });
  const bridge = createBridge();
  const context = await bridge.ready();
  host.send('service:context', { ...context, orgId: 'org_other' });
  await expect.poll(() => bridge.context?.orgId).toBe('org_other');
  expect(host.messages.list().at(-1)).toMatchObject({
    direction: 'out',
    type: 'service:context',
    payload: { orgId: 'org_other', token: `${context.token.slice(0, 12)}…` },
  });

  bridge.notify('Only the emulator shows this', 'info');
  const refused = await host.messages.waitFor('service:notify');
  expect(refused.warning).toBe(
    'service:notify: level string "info" is not a level the platform shows (success, warning, error); --strict',
  );
  expect(host.toasts()).toEqual([]);

  const since = host.messages.count();
  // Far over the burst: the bucket refills at 100 a second, so a burst barely over it could all be taken
  // on a machine slow enough to spend 0.1 s handling it.
  const flood = BRIDGE_BURST + 1_000;
  for (let height = 1; height <= flood; height++) bridge.resize(height);
  const over = await host.messages.waitFor('service:resize', (m) => m.over === 'rate', { since });
  expect(over.warning).toMatch(/^service:resize and the messages after it are over the bridge's rate/);
  // Each one acted on, or counted as dropped: the bucket refills in real time, so how many of each is not fixed.
  const taken = host.messages.list().filter((m) => m.type === 'service:resize' && m.warning === null);
  expect(taken.length + host.messages.dropped().overRate).toBe(flood);
  expect(host.messages.dropped().overRate).toBeGreaterThan(0);
  expect(await host.frameHeight()).toBe(clampHeight((taken.at(-1)!.payload as { height: number }).height));
  bridge.destroy();
  await host.close();
  // Counted in the emulator's coverage as the host page counts them: the warnings in their words.
  const { seen } = (await emulator.emulator.inject('/_emulator/coverage')).json();
  expect(Object.keys(seen['bridge warnings'])).toEqual([
    'service:notify: level string "info" is not a level the platform shows (success, warning, error); --strict',
    expect.stringMatching(/^messages over the bridge's rate/),
  ]);
});

it('closes the add-on for a navigate to one of the shell’s pages, as the host page leaves it for the page', async () => {
  const host = await mockHost({ emulator });
  const bridge = createBridge();
  await bridge.ready();
  bridge.navigate('/reports/customers');
  bridge.navigate(`/addons/${emulator.emulator.settings.appId}`);
  await host.waitForNavigate(`/addons/${emulator.emulator.settings.appId}`);
  expect(await host.isClosed()).toBe(false);
  bridge.navigate('/invoices');
  await host.waitForNavigate('/invoices');
  expect(await host.isClosed()).toBe(true);
  expect(await host.frameHeight()).toBeNull();
  expect(host.navigations()).toEqual([
    '/reports/customers',
    `/addons/${emulator.emulator.settings.appId}`,
    '/invoices',
  ]);
  bridge.destroy();
  await host.close();
});

it('refuses an add-on page of another origin than the window’s, in one sentence, before it starts anything', async () => {
  await expect(mockHost({ emulator, addonUrl: 'http://127.0.0.1:5173/' })).rejects.toThrow(
    new UserError(
      "mockHost: the add-on's page is this window, at http://localhost:3000, not http://127.0.0.1:5173/: give an addonUrl of that origin, or set the environment's url",
    ),
  );
  expect(window.parent).toBe(window);
});

it('gives everything back and closes its own emulator even when a restore throws, then throws that error', async () => {
  // A component that wraps history.replaceState with a wrapper that throws: close() stopped at it,
  // leaving the window framed and its emulator running (the test process outlived its last line).
  const host = await mockHost({ scopes: ['customers.read'] });
  const replaceState = history.replaceState;
  const broken = new Error('a wrapper that throws');
  history.replaceState = () => {
    throw broken;
  };
  try {
    await expect(host.close()).rejects.toBe(broken);
  } finally {
    history.replaceState = replaceState;
  }
  expect(window.parent).toBe(window);
  expect(document.referrer).not.toBe(`${host.emulator.url}/`);
  expect(document.querySelector('iframe[data-mock-host]')).toBeNull();
  // Its emulator's port refuses connections: closed (happy-dom's fetch would log the refusal).
  const { port } = new URL(host.emulator.url);
  const refused = await new Promise((resolve) =>
    connect(Number(port), '127.0.0.1')
      .on('connect', function (this: Socket) {
        this.destroy();
        resolve(false);
      })
      .on('error', () => resolve(true)),
  );
  expect(refused).toBe(true);
  await expect(host.close()).rejects.toBe(broken);
});
