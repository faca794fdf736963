// @vitest-environment happy-dom
// The page's component without a browser: mockHost() puts a host behind this window (the session in
// the URL, an in-process emulator behind it), and mount() connects to it as it does in the host page.
// Clicks are real DOM events; each test waits for what the host received, or for what the page shows.
import { mockHost, type MockHost } from 'addon-devkit/testing';
import { afterEach, beforeEach, expect, it } from 'vitest';
// An import, not a read beside import.meta.url: a DOM environment makes that URL the page's (http:).
import config from '../addon.config.json';
import { mount } from '../src/customers-view.ts';

let host: MockHost;
let app: HTMLElement;

beforeEach(async () => {
  // Before mount(): the component's own connect() then finds the host and the token. A wait that
  // fails does so within vitest's 5 s, saying what the host got instead.
  host = await mockHost({ appId: config.appId, scopes: config.scopes, timeoutMs: 2000 });
  app = document.createElement('main');
  document.body.replaceChildren(app);
});
afterEach(() => host?.close());

/** The button a user would click, by its text. */
function button(name: string): HTMLElement {
  const found = [...app.querySelectorAll('button')].find((element) => element.textContent === name);
  if (!found) throw new Error(`no button "${name}" on the page, which says: ${app.textContent}`);
  return found;
}

const alertText = () => app.querySelector('[role="alert"]')?.textContent;

it('asks the host for a toast when Say hello is clicked', async () => {
  await mount(app, { apiUrl: host.apiUrl });
  button('Say hello').click();
  const notify = await host.waitForNotify('success');
  expect(notify.payload).toEqual({ message: 'Hello from {{name}}: 0 customers', level: 'success' });
});

it("opens a customer's page in the service when the customer is clicked", async () => {
  const { records } = await host.emulator.scenario({
    steps: [{ create: 'customers', as: 'acme', data: { name: 'Acme Ltd' } }],
  });
  await mount(app, { apiUrl: host.apiUrl });
  button('Acme Ltd').click();
  const navigate = await host.waitForNavigate(`/customers/${records.acme._id}`);
  expect(navigate.payload).toEqual({ path: `/customers/${records.acme._id}` });
  // The host leaves the add-on for the customer's page, as the service does: the add-on is closed.
  expect(await host.isClosed()).toBe(true);
});

it("shows the API's error when the customers cannot be listed, and lists them on Retry", async () => {
  // A fault rule answers the next list with a 503 (docs/faults.md).
  host.emulator.faults.add({ path: '/customers', status: 503, times: 1 });
  await mount(app, { apiUrl: host.apiUrl });
  expect(alertText()).toMatch(/^Could not load the customers: injected by fault rule flt_\w+/);

  button('Retry').click();
  await expect.poll(() => app.querySelector('h2')?.textContent).toBe('Customers (0)');
  expect(alertText()).toBeUndefined();
});

it('says the session has ended, with no Retry, when the API answers 401', async () => {
  // The emulated clock past the token's expiry: the list is refused as a real session's would be.
  await host.expireSession();
  await mount(app, { apiUrl: host.apiUrl });
  expect(alertText()).toMatch(/^Your session has ended: .+\. Reopen the add-on\.$/);
  expect(app.querySelectorAll('button')).toHaveLength(0);
});
