// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { UserError } from '../../src/errors.js';
import { createBridge } from '../../src/sdk/browser/index.js';
import { mockHost, startEmulator } from '../../src/testing/index.js';
import { componentSession } from './component-session.js';

it('connects a component through mockHost() under happy-dom, and does again once the first host closed', async () => {
  await componentSession();
  await componentSession();
});

it('says why a user may not open the add-on, as the emulator refuses them, and leaves the window as it was', async () => {
  const emulator = await startEmulator({ scopes: ['customers.read'] });
  try {
    await emulator.uninstall();
    const refused = await mockHost({ emulator }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UserError);
    expect(refused).toMatchObject({
      code: 'addon_not_installed',
      message: expect.stringMatching(/^mockHost: .*not installed/),
    });
    expect(window.parent).toBe(window);
  } finally {
    await emulator.close();
  }
});

it('counts what the bridge carried in the emulator’s coverage, and notes a notify the platform would not show', async () => {
  const emulator = await startEmulator({ scopes: ['customers.read'] });
  try {
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
  } finally {
    await emulator.close();
  }
});
