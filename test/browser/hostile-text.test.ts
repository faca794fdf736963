// Hostile text in everything the host page shows (issue 32's attack pass). An add-on, a webhook
// receiver, a record or an addon.config.json may say anything, markup included: the page writes it
// as text (host-ui/src/dom.ts), so no element of it is made, no script of it runs, no link of it
// leads to `javascript:`, and it shows as written. Each payload marks what it would make with
// `data-pwn` and what it would run sets `window.__pwned`; an observer installed before the page's
// own scripts notes any such element, even one gone since (a toast). Every page, tab and detail view
// is opened with the payloads in it.
import { createServer, request } from 'node:http';
import fc from 'fast-check';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/create-emulator.js';
import { openHostPage, type HostPage } from '../../src/testing/index.js';
import { useBrowser } from './browser.js';
import { shellPageAt } from './shell-page.js';

const { browser, keep } = useBrowser();

/** Markup that makes an element and runs a script if it is ever parsed, named after where it is put. */
const payload = (where: string) =>
  `${where} <img data-pwn src=x onerror="window.__pwned=1"> "><svg data-pwn onload="window.__pwned=1"> </script><script data-pwn>window.__pwned=1</script> &amp; javascript:alert(1)`;

/** The same in what has no room for spaces or quotes: a URL's query, a request's path. */
const compact = (where: string) =>
  `${where}<svg/data-pwn/onload=window.__pwned=1><img/data-pwn/src=x/onerror=alert(1)>`;
/** The same in what is short: a duration field, a value a warning quotes its first 40 characters of. */
const SHORT = '<img data-pwn src=x onerror=alert(1)>';

const NAME = payload('addon');
const ORG = payload('org');
const ADMIN = payload('admin');
const VIEWER = payload('viewer');
const OTHER_ORG = 'javascript:window.__pwned=1';
/** A receiver's answer: an HTML page of its own, and a header of its own. */
const ANSWER = `<!doctype html><html><body>${payload('answer')}</body></html>`;
const ANSWER_HEADER = compact('header');

/**
 * Runs in the host page before its scripts (Playwright's init script): notes every element a
 * payload made, and every link or frame that would run `javascript:`, when it is added or changed.
 */
function watchForPayloads(): void {
  if (window !== window.top) return;
  const found: string[] = [];
  Object.assign(window, { __payloadElements: found });
  const check = (element: Element) => {
    const address = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
    if (element.hasAttribute('data-pwn') || /^\s*javascript:/i.test(address) || address === 'x')
      found.push(element.outerHTML.slice(0, 200));
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') check(record.target as Element);
      for (const node of record.addedNodes)
        if (node instanceof Element) [node, ...node.querySelectorAll('*')].forEach(check);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['href', 'src'] });
}

let emulator: Emulator;
let token: string;
let receiver: { url: string; failing: string; close(): Promise<void> };

/** An add-on API GET over a real socket with its path exactly as written (fetch, or a URL, would encode it). */
function rawGet(path: string, bearer: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname: host, port } = new URL(emulator.url);
    const call = request({ host, port, path, headers: { authorization: `Bearer ${bearer}` } });
    call.on('response', (response) => response.resume().on('end', () => resolve(response.statusCode!)));
    call.on('error', reject);
    call.end();
  });
}

async function apiCall(method: string, path: string, body?: unknown) {
  const response = await fetch(`${emulator.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  // Its /fail fails every delivery, which disables the subscription after the third.
  const server = createServer((incoming, response) => {
    const status = incoming.url!.startsWith('/fail') ? 500 : 200;
    incoming
      .resume()
      .on('end', () => response.writeHead(status, { 'content-type': 'text/html', 'x-pwn': ANSWER_HEADER }).end(ANSWER));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  receiver = {
    url: `${origin}/hook?${compact('url')}`,
    failing: `${origin}/fail?${compact('failing')}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  emulator = await createEmulator({
    port: 0,
    demo: true,
    name: NAME,
    scopes: ['customers.*', 'invoices.*', 'storage.*'],
    organizations: [
      {
        id: 'org_acme',
        name: ORG,
        users: [
          { id: 'usr_ann', name: ADMIN, role: 'admin' },
          { id: 'usr_vic', name: VIEWER, role: 'viewer' },
        ],
        installation: {},
      },
      { id: 'org_beta', name: OTHER_ORG, users: [{ id: 'usr_ben', name: payload('beta admin'), role: 'admin' }] },
    ],
  });
  await emulator.listen();
  ({ token } = await emulator.token({}));
});
afterAll(async () => {
  await emulator?.close();
  await receiver?.close();
});

/** The host page as the admin of org_acme, watched for payloads from before its first script. */
async function openHost(): Promise<{ host: HostPage; page: Page; dialogs: string[] }> {
  const dialogs: string[] = [];
  const host = keep(
    await openHostPage(emulator, {
      browser: browser(),
      prepare: async (context: BrowserContext) => {
        await context.addInitScript(watchForPayloads);
        context.on('page', (page) =>
          page.on('dialog', (dialog) => {
            dialogs.push(dialog.message());
            void dialog.dismiss();
          }),
        );
      },
    }),
  );
  return { host, page: host.page, dialogs };
}

/** Nothing a payload holds ran, was made or was followed. */
async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  const seen = await page.evaluate(() => {
    const own = window as unknown as { __pwned?: unknown; __payloadElements: string[] };
    return {
      pwned: own.__pwned,
      made: own.__payloadElements,
      present: [...document.querySelectorAll('[data-pwn], img[src="x"], a[href^="javascript:" i]')].map(
        (e) => e.outerHTML,
      ),
    };
  });
  expect(seen).toEqual({ pwned: undefined, made: [], present: [] });
  expect(dialogs).toEqual([]);
}

const text = async (page: Page, selector: string) => (await page.locator(selector).first().textContent()) ?? '';
const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

/** Opens a drawer tab. */
const tab = (page: Page, id: string) => page.getByTestId(`tab-${id}`).click();

/** Follows an in-app path, as a link of the page would, waits for its page, and gives its title. */
async function goTo(page: Page, path: string): Promise<string> {
  await page.evaluate((hash) => (location.hash = hash), `#${path}`);
  return shellPageAt(page, path);
}

describe('hostile text in everything the host page shows', () => {
  it('records, event data, deliveries, receivers’ answers, API paths and parity warnings show as text', async () => {
    // Records whose every text field is markup: a customer, an invoice whose line says it too.
    const made = await apiCall('POST', '/customers', {
      name: payload('name'),
      company: payload('company'),
      notes: payload('notes'),
      email: "o'neil&co@example.com",
      address: { city: compact('city') },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const customer = made.body.data;
    const invoice = (
      await apiCall('POST', '/invoices', {
        customerId: customer._id,
        notes: payload('invoice notes'),
        lineItems: [{ description: payload('line'), quantity: 1, unitPrice: 10 }],
      })
    ).body.data;
    // A subscription to a receiver that answers an HTML page: its URL (http:, so a parity warning
    // names it), the delivery's payload and the answer all hold markup.
    expect(
      (await apiCall('POST', '/events/subscribe', { event: 'customer.updated', webhookUrl: receiver.url })).status,
    ).toBe(201);
    await apiCall('PATCH', `/customers/${customer._id}`, { notes: payload('update') });
    // API paths as a backend may send them, raw: audited, and refused before the audit (no token).
    const asked = `/api/addon/v1/storage/${compact('key')}`;
    const refused = `/api/addon/v1/customers/${compact('refused')}`;
    expect(await rawGet(asked, token)).toBe(404);
    await emulator.idle();

    const { page, dialogs } = await openHost();
    expect(await page.title()).toBe(`${NAME} · addon dev`);
    expect(await text(page, 'h1.crumb-title')).toBe(NAME);
    expect(await text(page, '.account-org')).toBe(ORG);
    expect(await text(page, '.account-user')).toBe(ADMIN);

    // Session tab: the add-on's name.
    await tab(page, 'session');
    expect(await text(page, '.session-panel dd')).toBe(NAME);

    // Events tab: event data overrides of markup, and what was sent.
    await tab(page, 'events');
    await page.getByTestId('trigger-event').selectOption('customer.updated');
    const overrides = { name: payload('trigger'), company: payload('trigger company') };
    await page.getByTestId('trigger-data').fill(JSON.stringify(overrides));
    await page.getByTestId('trigger-submit').click();
    const sent = page.locator('[data-testid="trigger-result"] pre');
    await sent.waitFor({ state: 'attached' });
    expect(JSON.parse((await sent.textContent())!)).toMatchObject(overrides);
    expect(await texts(page, '[data-testid="trigger-result"] li .small')).toContain(receiver.url);

    // Deliveries tab: every delivery, and the detail of each (payload, request, answer, its headers).
    await tab(page, 'deliveries');
    const rows = page.getByTestId('delivery-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await texts(page, '.delivery-url')).toEqual([receiver.url, receiver.url]);
    for (const index of [0, 1]) {
      await rows.nth(index).locator('button').click();
      const detail = page.getByTestId('delivery-detail');
      await detail.locator('.attempt').first().waitFor();
      const pres = await detail.locator('pre').allTextContents();
      expect(pres.at(-1)).toBe(ANSWER);
      // The event data as sent: the trigger's name, else the record's.
      expect(pres[0]).toContain(JSON.stringify(index === 0 ? overrides.name : payload('name')).slice(1, -1));
      expect(await detail.locator('.headers dd').allTextContents()).toContain(ANSWER_HEADER);
      expect(await texts(page, '[data-testid="delivery-detail"] .kv dd')).toContain(receiver.url);
    }

    // Audit tab: the paths as they were asked for; a refusal, which only the stream tells, too.
    await tab(page, 'audit');
    expect(await rawGet(refused, 'not-a-token')).toBe(401);
    await page.locator('[data-testid="audit-row"][data-refused]').waitFor();
    const paths = await texts(page, '.audit-path');
    expect(paths).toContain(asked);
    expect(paths).toContain(refused);

    // Data tab: the label of each record, and the whole of it as JSON.
    await tab(page, 'data');
    await page.getByTestId('data-collection').selectOption('customers');
    const row = page.locator(`[data-testid="data-row"][data-id="${customer._id}"]`);
    await row.waitFor();
    expect(await row.locator('.record-label').textContent()).toBe(payload('name'));
    await row.locator('.record-label').click();
    const stored = (await apiCall('GET', `/customers/${customer._id}`)).body.data;
    expect(await page.locator('tr.record-json:visible pre').textContent()).toBe(JSON.stringify(stored, null, 2));

    // Parity tab: the http: webhook URL in its warning.
    await tab(page, 'parity');
    await page.getByTestId('parity-warning').first().waitFor();
    expect((await texts(page, '.parity-message')).join('\n')).toContain(receiver.url);

    // Clock and Faults tabs: what they are given back in the emulator's refusal.
    await tab(page, 'clock');
    const toasts = () => page.getByTestId('toast').allTextContents();
    await page.getByTestId('clock-input').fill(`1${SHORT}`);
    await page.getByTestId('clock-advance').click();
    await expect.poll(toasts).toContainEqual(expect.stringContaining(`1${SHORT}`));
    await tab(page, 'faults');
    await page.getByTestId('fault-effect').selectOption('delay');
    await page.getByTestId('fault-value').fill(`2${SHORT}`);
    await page.getByTestId('fault-add').click();
    await expect.poll(toasts).toContainEqual(expect.stringContaining(`2${SHORT}`));

    // The service's pages: the list, the customer's page, the invoice's with its line.
    await goTo(page, '/customers');
    expect(
      await page
        .locator(`[data-testid="record-row"][data-id="${customer._id}"] [data-testid="record-link"]`)
        .textContent(),
    ).toBe(payload('name'));
    expect(await goTo(page, `/customers/${customer._id}`)).toBe(`Customer ${payload('name')}`);
    for (const [field, value] of Object.entries({ company: payload('company'), notes: payload('update') }))
      expect(await text(page, `.record-fields > [data-field="${field}"] > dd`), field).toBe(value);
    expect(await text(page, '.record-fields [data-field="address"] [data-field="city"] dd')).toBe(compact('city'));
    await goTo(page, `/invoices/${invoice._id}`);
    expect(await texts(page, '.record-fields [data-field="lineItems"] td')).toContain(payload('line'));
    expect(await text(page, '.record-fields > [data-field="notes"] > dd')).toBe(payload('invoice notes'));
    // A path that names no page: shown as the address holds it.
    await goTo(page, `/${payload('path')}`);
    const address = await page.evaluate(() => location.hash.slice(1));
    expect(address).toContain('data-pwn');
    expect(await text(page, '[data-testid="shell-page"] p code')).toBe(address);

    await expectNothingRan(page, dialogs);
  });

  it('the add-on’s own messages: a notify, a navigate, malformed ones, shown as text', async () => {
    const { host, page, dialogs } = await openHost();
    const frame = await host.addonFrame();
    const post = (message: unknown) =>
      frame.evaluate((sent) => parent.postMessage(sent, new URL(document.referrer).origin), message);
    const since = host.messages.count();
    await post({ type: 'service:notify', payload: { message: payload('notify'), level: 'warning' } });
    await post({ type: 'service:navigate', payload: { path: `/${payload('navigate')}` } });
    await post({ type: 'service:navigate', payload: { path: 'javascript:window.__pwned=1' } });
    await post({ type: payload('type'), payload: { html: payload('payload') } });
    await post({ type: 'service:notify', payload: { message: 'fine', level: SHORT } });
    await host.messages.waitFor('service:notify', (m) => m.warning !== null, { since });

    await expect.poll(() => host.toasts().map(({ message }) => message)).toContain(payload('notify'));
    // A path that names no page of the service stays in the location bar, as written.
    expect(host.navigations()).toContain(`/${payload('navigate')}`);
    expect(await page.getByTestId('host-path').textContent()).toBe(`/${payload('navigate')}`);
    await tab(page, 'messages');
    expect(await texts(page, '.message-type')).toContain(payload('type'));
    const warnings = (await texts(page, '.message-warning')).join('\n');
    expect(warnings).toContain(JSON.stringify(SHORT));
    expect(warnings).toContain('javascript:window.__pwned=1');
    expect((await texts(page, '.message-payload')).join('\n')).toContain(JSON.stringify(payload('payload')));
    await expectNothingRan(page, dialogs);
  });

  it('a subscription disabled after three failed deliveries: its URL in the toast and the notice', async () => {
    const { host, page, dialogs } = await openHost();
    const subscribe = { event: 'invoice.created', webhookUrl: receiver.failing };
    expect((await apiCall('POST', '/events/subscribe', subscribe)).status).toBe(201);
    const customer = (await apiCall('POST', '/customers', { name: 'Plain' })).body.data;
    await apiCall('POST', '/invoices', {
      customerId: customer._id,
      lineItems: [{ description: 'one', quantity: 1, unitPrice: 1 }],
    });
    await emulator.idle();
    // The retries fall due on the emulated clock, 1 and 5 minutes after.
    await emulator.advanceClock(60_000);
    await emulator.advanceClock(300_000);
    await emulator.idle();
    const said = `Webhook subscription to invoice.created at ${receiver.failing} disabled after 3 failed attempts; re-subscribe to enable it`;
    await expect.poll(() => host.toasts().map(({ message }) => message)).toContain(said);
    await tab(page, 'deliveries');
    expect(await text(page, '[data-testid="subscription-disabled"] .notice-text')).toContain(
      ` at ${receiver.failing}, after 3`,
    );
    await expectNothingRan(page, dialogs);
  });

  it('organization and user names in the switchers, the install screen and the refusals', async () => {
    const { page, dialogs } = await openHost();
    await page.getByTestId('org-switcher').click();
    expect(await texts(page, '[data-testid="org-option"] .option-name')).toEqual([ORG, OTHER_ORG]);
    expect(await text(page, '[data-testid="manage-addons"]')).toBe(`Manage ${NAME} in ${ORG}`);
    await page.getByTestId('user-switcher').click();
    expect(await texts(page, '[data-testid="user-option"] .option-name')).toEqual([ADMIN, VIEWER]);
    expect(await text(page, '#user-menu-heading')).toBe(`Users of ${ORG}`);
    await page.keyboard.press('Escape');

    // The install screen, its users, and the uninstall dialog's words.
    expect(await goTo(page, '/settings/addons')).toBe(NAME);
    expect(await texts(page, '.install-option strong')).toEqual(expect.arrayContaining([ADMIN, VIEWER]));
    await page.getByTestId('uninstall').click();
    expect(await text(page, '#uninstall-title')).toBe(`Uninstall ${NAME} from ${ORG}?`);
    await page.getByTestId('uninstall-dialog').getByRole('button', { name: 'Cancel' }).click();

    // As the viewer, told who the admin is; in the organization without it, why it is not there.
    await page.getByTestId('user-switcher').click();
    await page.locator('[data-testid="user-option"][data-user-id="usr_vic"]').click();
    await page.getByTestId('not-admin-notice').waitFor();
    expect(await text(page, '[data-testid="not-admin-notice"] .notice-text')).toBe(
      `Only an admin of ${ORG} installs add-ons and decides what they may do. You are ${VIEWER}, viewer.`,
    );
    expect(await texts(page, '[data-testid="not-admin-notice"] button')).toEqual([`Switch to ${ADMIN}`]);
    await page.getByTestId('org-switcher').click();
    await page.locator('[data-testid="org-option"][data-org-id="org_beta"]').click();
    await expect
      .poll(() => text(page, '[data-testid="install-status"]'))
      .toBe(`not installed ${NAME} is not installed in ${OTHER_ORG}.`);
    await page.evaluate((path) => (location.hash = path), `#/addons/${emulator.settings.appId}`);
    const unavailable = page.getByTestId('addon-unavailable');
    await unavailable.waitFor();
    expect(await unavailable.locator('.placeholder-title').textContent()).toBe(
      `${NAME} is not installed in ${OTHER_ORG}`,
    );
    await expectNothingRan(page, dialogs);
  });
});

describe('any text at all', () => {
  /** Markup, entities, quotes, script ends and any characters, in any order. */
  const hostile = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '<',
          '>',
          '"',
          "'",
          '&',
          '&lt;',
          '&#x3C;',
          '</script>',
          '<!--',
          ']]>',
          '`${x}`',
          'javascript:',
          '\u2028',
        ),
        fc.constantFrom(
          payload('gen'),
          compact('gen'),
          '<b data-pwn>',
          '<a data-pwn href="javascript:window.__pwned=1">',
        ),
        fc.string({ unit: 'grapheme', maxLength: 8 }),
      ),
      { minLength: 1, maxLength: 6 },
    )
    // At most the 200 characters a name takes, cut between characters, never inside one.
    .map((parts) => [...parts.join('')].slice(0, 200).join(''))
    .filter((name) => name.trim() !== '');

  it('a record’s name and notes show as written on its page and in the Data tab', async () => {
    const { page, dialogs } = await openHost();
    await tab(page, 'data');
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (name, notes) => {
        const created = await apiCall('POST', '/customers', { name, notes });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const { _id: id } = created.body.data;
        expect(await goTo(page, `/customers/${id}`)).toBe(`Customer ${name}`);
        expect(await text(page, '.record-fields > [data-field="name"] > dd')).toBe(name);
        expect(await text(page, '.record-fields > [data-field="notes"] > dd')).toBe(notes);
        await page.getByRole('button', { name: 'Refresh' }).first().click();
        await expect
          .poll(() => page.locator(`[data-testid="data-row"][data-id="${id}"] .record-label`).textContent())
          .toBe(name);
      }),
      // The first text that fails is reported as it is: each is short, and shrinking would wait out
      // a page's poll per step.
      { numRuns: 25, endOnFailure: true },
    );
    await expectNothingRan(page, dialogs);
  }, 120_000);
});
