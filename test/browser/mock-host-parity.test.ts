// The same component, in Chromium under openHostPage() and in a jsdom window under mockHost(),
// driven through the same clicks against the same emulator: the two hosts log the same messages
// (direction, type, payload, warning), a message over the bridge's size limit with the same words.
// The file runs in Node, as Playwright needs (it finds no service:ready under jsdom's globals); the
// jsdom window is vitest's own environment, set up for the mockHost() part only.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import { connect } from '../../src/sdk/browser/index.js';
import { MAX_BRIDGE_MESSAGE_CHARS } from '../../src/common/limits.js';
import {
  mockHost,
  openHostPage,
  startEmulator,
  type BridgeMessage,
  type HostPage,
  type HostWaits,
} from '../../src/testing/index.js';
import { mountCustomers } from '../fixtures/component-addon/component.js';
import { ROOT } from '../helpers.js';
import { useBrowser } from './browser.js';
import { serveFixture } from './fixture-addon.js';

const { browser, keep } = useBrowser();
let fixture: { url: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await serveFixture(join(ROOT, 'test', 'fixtures', 'component-addon'));
});
afterAll(async () => {
  await fixture?.close();
});

const TOO_MUCH = MAX_BRIDGE_MESSAGE_CHARS + 1;

/**
 * The clicks, each waited for as the host saw it: a call and its notify, a navigate, a resize, too
 * much, and a navigate to a page of the shell's, which closes the add-on.
 */
async function drive(
  click: (testId: 'load' | 'report' | 'resize' | 'oversize' | 'invoices') => Promise<void>,
  host: Pick<HostPage, 'messages' | keyof HostWaits>,
) {
  await click('load');
  await host.waitForNotify('success');
  await click('report');
  await host.waitForNavigate('/reports/customers');
  await click('resize');
  await host.waitForResize();
  await click('oversize');
  await host.messages.waitFor('service:notify', (m) => m.over === 'size');
  await click('invoices');
  await host.waitForNavigate('/invoices');
}

/** What the log holds, the session's token (another per session) aside. */
const logged = (messages: BridgeMessage[]) =>
  messages.map(({ direction, type, payload, warning, over }) => ({
    direction,
    type,
    payload: type === 'service:context' ? { ...(payload as object), token: '(the session’s)' } : payload,
    warning,
    over,
  }));

it('logs the same messages, and the same size warning, in openHostPage and in mockHost', async () => {
  const emulator = keep(await startEmulator({ scopes: ['customers.read'] }));
  const addonUrl = `${fixture.url}?api=${encodeURIComponent(emulator.apiUrl)}&tooMuch=${TOO_MUCH}`;
  const page = keep(await openHostPage(emulator, { browser: browser(), addonUrl }));
  const frame = await page.addonFrame();
  await frame.locator('body[data-ready="true"]').waitFor();
  await drive((testId) => page.addon.getByTestId(testId).click(), page);
  const inBrowser = logged(page.messages.list());
  const seen = {
    toasts: page.toasts(),
    height: await page.frameHeight(),
    closed: await page.isClosed(),
    navigations: page.navigations(),
    dropped: page.messages.dropped(),
  };
  let mocked: typeof seen & { messages: typeof inBrowser };

  await page.close();

  const dom = await builtinEnvironments.jsdom.setup(globalThis, {});
  try {
    const host = keep(await mockHost({ emulator }));
    const component = await mountCustomers(document.body.appendChild(document.createElement('div')), {
      connect,
      apiUrl: host.apiUrl,
      tooMuch: TOO_MUCH,
    });
    await drive(async (testId) => component.click(testId), host);
    await host.close();
    mocked = {
      messages: logged(host.messages.list()),
      toasts: host.toasts(),
      height: await host.frameHeight(),
      closed: await host.isClosed(),
      navigations: host.navigations(),
      dropped: host.messages.dropped(),
    };
  } finally {
    await dom.teardown(globalThis);
  }

  expect(mocked.messages).toEqual(inBrowser);
  expect(inBrowser.map(({ direction, type }) => `${direction} ${type}`)).toEqual([
    'in service:ready',
    'out service:context',
    'in service:notify',
    'in service:navigate',
    'in service:resize',
    'in service:notify',
    'in service:navigate',
  ]);
  expect(inBrowser.at(-2)).toMatchObject({
    over: 'size',
    warning: expect.stringMatching(
      new RegExp(
        `^service:notify of [\\d,]+ characters or more is over the bridge's size limit of ${MAX_BRIDGE_MESSAGE_CHARS.toLocaleString('en-US')} characters of JSON$`,
      ),
    ),
  });
  expect(mocked.toasts).toEqual(seen.toasts);
  expect(mocked.height).toBe(seen.height);
  expect(mocked.closed).toBe(true);
  expect(seen.closed).toBe(true);
  expect(mocked.navigations).toEqual(seen.navigations);
  expect(mocked.dropped).toEqual(seen.dropped);
});
