// One test of the fixture component under mockHost(), run by a happy-dom file and a jsdom file: the
// real SDK's connect() gets a session the emulator accepts, a click notifies, another navigates, the
// session ends on the emulated clock, and close() gives the window back for the next host.
import { expect } from 'vitest';
import { mockHost } from '../../src/testing/index.js';
import { connect } from '../../src/sdk/browser/index.js';
import { mountCustomers } from '../fixtures/component-addon/component.js';

export async function componentSession(): Promise<void> {
  const before = { href: location.href, parent: window.parent, referrer: document.referrer };
  const host = await mockHost({ scopes: ['customers.read'] });
  try {
    // The session in the address, as the platform gives it to the add-on's page.
    expect(new URLSearchParams(location.search).get('service_token')).toBe((await host.session()).token);
    const component = await mountCustomers(document.body.appendChild(document.createElement('div')), {
      connect,
      apiUrl: host.apiUrl,
    });
    // The handshake: service:ready, answered with the session's context (the token shortened in the log).
    const { token, claims } = await host.session();
    expect(claims.scopes).toEqual(['customers.read']);
    expect(host.messages.list().map(({ direction, type }) => `${direction} ${type}`)).toEqual([
      'in service:ready',
      'out service:context',
    ]);
    expect(host.messages.list()[1]!.payload).toEqual({
      orgId: claims.orgId,
      userId: claims.userId,
      token: `${token.slice(0, 12)}…`,
      scopes: ['customers.read'],
    });
    expect(component.status()).toBe(`Connected as ${claims.userId} in ${claims.orgId}`);
    // The token in the address, as the platform gives it, was taken out by the SDK's readToken().
    expect(location.search).not.toContain('service_token');

    // The SDK client's call with the context's token: the emulator accepts it.
    component.click('load');
    expect((await host.waitForNotify('success')).payload).toEqual({ message: 'Loaded 0 customers', level: 'success' });
    expect(host.toasts()).toEqual([{ message: 'Loaded 0 customers', level: 'success' }]);
    expect(host.emulator.audit(1)[0]).toMatchObject({ method: 'GET', status: 200 });

    component.click('report');
    await host.waitForNavigate('/reports/customers');
    expect(host.navigations()).toEqual(['/reports/customers']);

    component.click('resize');
    await host.waitForResize();
    expect(await host.frameHeight()).toBe(5000);

    // The session ends on the emulated clock: the next call is a 401, and the SDK says so.
    await host.expireSession();
    expect(await host.isExpired()).toBe(true);
    const since = host.messages.count();
    component.click('load');
    expect((await host.waitForNotify('error', { since })).payload).toMatchObject({
      message: 'Could not load customers: 401',
    });
    expect(component.expired()).toBe(true);

    component.click('close');
    await host.waitForClose();
    expect(await host.isClosed()).toBe(true);
    expect(await host.frameHeight()).toBeNull();
  } finally {
    await host.close();
  }
  expect({ href: location.href, parent: window.parent, referrer: document.referrer }).toEqual(before);
  expect(window.parent).toBe(window);
}
