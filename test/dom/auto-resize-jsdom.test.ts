// @vitest-environment jsdom
// jsdom has no ResizeObserver (it lays nothing out), and a component that calls the SDK's
// autoResize() as the template's does must still mount under mockHost(): the height is sent once.
import { expect, it } from 'vitest';
import { mockHost } from '../../src/testing/index.js';
import { connect } from '../../src/sdk/browser/index.js';

it('autoResize() without a ResizeObserver sends the height it measures once, and stops cleanly', async () => {
  expect(typeof ResizeObserver).toBe('undefined');
  const host = await mockHost({ scopes: ['customers.read'] });
  try {
    const { bridge } = await connect({ apiUrl: host.apiUrl });
    const stop = bridge.autoResize();
    // jsdom measures every element as 0 px high; the host clamps that to its minimum.
    expect((await host.waitForResize()).payload).toEqual({ height: 0 });
    expect(await host.frameHeight()).toBe(100);
    stop();
    bridge.destroy();
  } finally {
    await host.close();
  }
});
