// "Copy as" in the host page's drawer, and the proof the issue asks for: a snippet copied from an
// API call, a delivery or an event, as curl, as an `addon` line or as a test, does the same again
// against the same world, run as a user runs it (curl through sh, the CLI, vitest on the harness).
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/audit/audit-log.js';
import { copyAs, SNIPPET_KINDS, type Copied, type SnippetKind } from '../../src/snippets/copy-as.js';
import type { Delivery } from '../../src/webhooks/delivery-log.js';
import type { TriggerResult } from '../../src/webhooks/trigger.js';
import { api, BIN, cli, ROOT, startDev, startReceiver, tempDir, userEnv, type DevProcess } from '../helpers.js';
import { useBrowser } from './browser.js';
import { axeViolations } from './page-checks.js';

const { browser, keep } = useBrowser();

const SCOPES = ['customers.read', 'customers.write'];
/** A name no shell or script may run or cut: the copies must keep it data. */
const NAME = `O'Brien "$(touch pwned)" \`touch pwned\` $HOME ; & \${x}`;

/** The control API's view, as the drawer reads it. */
const control = async <T>(dev: DevProcess, path: string): Promise<T> =>
  (await api(`${dev.url}/_emulator${path}`)).body as T;

/**
 * `addon dev` with a receiver subscribed to customer.created, and three things done there: a call
 * answered 201 (a customer named NAME), one refused 403 (a token without customers.write), an event
 * fired with data given.
 */
async function world() {
  const dev = await startDev(['--ephemeral', '--scopes', SCOPES.join(',')]);
  const receiver = await startReceiver();
  const token = (await cli(['token', '--emulator', dev.url])).stdout.trim();
  const reader = (await cli(['token', '--scopes', 'customers.read', '--emulator', dev.url])).stdout.trim();
  const subscribe = { event: 'customer.created', webhookUrl: receiver.url };
  expect((await api(`${dev.apiUrl}/events/subscribe`, { token, body: subscribe })).status).toBe(201);
  expect((await api(`${dev.apiUrl}/customers`, { token, body: { name: NAME } })).status).toBe(201);
  expect((await api(`${dev.apiUrl}/customers`, { token: reader, body: { name: 'Globex' } })).status).toBe(403);
  await receiver.received(1);
  const { data: audit } = await control<{ data: AuditEntry[] }>(dev, '/audit?limit=10');
  const created = audit.find((entry) => entry.status === 201 && entry.method === 'POST')!;
  const refused = audit.find((entry) => entry.status === 403)!;
  return { dev, receiver, created, refused };
}

/** Clicks "Copy as …" `kind` in `scope` and reads what the clipboard got, once it got it. */
async function copied(page: Page, scope: string, kind: SnippetKind): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  const menu = page.locator(scope).getByTestId('copy-as').first();
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  await menu.getByTestId(`copy-as-${kind}`).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
  const label = SNIPPET_KINDS.find((entry) => entry.kind === kind)!.label;
  await page
    .locator('[data-testid="toast"]')
    .filter({ hasText: `Copied as ${label}` })
    .first()
    .waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

async function openDrawer(dev: DevProcess) {
  const context = keep(await browser().newContext({ viewport: { width: 1280, height: 900 } }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: dev.url });
  const page = await context.newPage();
  await page.goto(`${dev.url}/`);
  return page;
}

describe('Copy as, in the drawer', () => {
  it('copies an audit row, a delivery and a fired event as the module makes them, with a toast', async () => {
    const { dev, receiver, created } = await world();
    const page = await openDrawer(dev);
    const place = { emulatorUrl: dev.url };

    await page.getByTestId('tab-audit').click();
    const row = `[data-testid="audit-row"][data-request-id="${created.requestId}"]`;
    for (const { kind } of SNIPPET_KINDS)
      expect(await copied(page, row, kind)).toBe(copyAs(kind, { kind: 'call', entry: created }, place));

    await page.getByTestId('tab-events').click();
    await page.getByTestId('trigger-event').selectOption('customer.created');
    await page.getByTestId('trigger-data').fill(JSON.stringify({ name: NAME }));
    await page.getByTestId('trigger-submit').click();
    await receiver.received(2);
    await expect.poll(() => page.getByTestId('trigger-result').textContent()).toMatch(/1 delivery/);
    const { data: deliveries } = await control<{ data: Delivery[] }>(dev, '/deliveries');
    const fired: Copied = {
      kind: 'event',
      fired: { event: 'customer.created', orgId: 'org_demo', data: { name: NAME }, deliveries: [deliveries[0]] },
    };
    for (const { kind } of SNIPPET_KINDS)
      expect(await copied(page, '[data-testid="trigger-result"]', kind)).toBe(copyAs(kind, fired, place));

    await page.getByTestId('tab-deliveries').click();
    await page.locator(`[data-testid="delivery-row"][data-delivery-id="${deliveries[1].deliveryId}"] button`).click();
    for (const { kind } of SNIPPET_KINDS)
      expect(await copied(page, '[data-testid="delivery-detail"]', kind)).toBe(
        copyAs(kind, { kind: 'delivery', delivery: deliveries[1] }, place),
      );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('closes as a menu does: Escape gives the focus back to its summary, and Tab out of it closes it', async () => {
    const { dev, created } = await world();
    const page = await openDrawer(dev);
    await page.getByTestId('tab-audit').click();
    const menu = page
      .locator(`[data-testid="audit-row"][data-request-id="${created.requestId}"]`)
      .getByTestId('copy-as');
    const isOpen = () => menu.evaluate((details: HTMLDetailsElement) => details.open);
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');

    await menu.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await isOpen()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('curl');
    await page.keyboard.press('Escape');
    expect(await isOpen()).toBe(false);
    expect(await focused()).toBe('Copy as…');

    await page.keyboard.press('Enter');
    for (const label of ['curl', 'CLI', 'test']) {
      await page.keyboard.press('Tab');
      expect(await focused()).toBe(label);
    }
    await page.keyboard.press('Tab');
    expect(await isOpen()).toBe(false);
  });

  it('shows the text selected in a dialog when the clipboard is refused', async () => {
    const { dev, created } = await world();
    // No permission granted, and the page's clipboard refusing as a browser does when it is denied.
    const context = keep(await browser().newContext());
    await context.addInitScript(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    const page = await context.newPage();
    await page.goto(`${dev.url}/`);
    await page.getByTestId('tab-audit').click();
    const menu = page
      .locator(`[data-testid="audit-row"][data-request-id="${created.requestId}"]`)
      .getByTestId('copy-as');
    await menu.locator('summary').click();
    await menu.getByTestId('copy-as-cli').click();
    const text = page.getByTestId('copy-as-dialog').getByTestId('copy-as-text');
    await expect
      .poll(() => text.inputValue())
      .toBe(copyAs('cli', { kind: 'call', entry: created }, { emulatorUrl: dev.url }));
    const selected = await text.evaluate((area: HTMLTextAreaElement) =>
      area.value.slice(area.selectionStart, area.selectionEnd),
    );
    expect(selected).toBe(await text.inputValue());
    expect(await axeViolations(page)).toEqual([]);

    // A modal dialog keeps the focus within it: from Close, Tab goes back to the text, not away.
    const dialog = page.getByTestId('copy-as-dialog');
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('copy-as-text');
  });
});

/** Runs a copied shell line as a user pastes it, the CLI of this checkout in place of npx's. */
const shell = (line: string, cwd: string) =>
  execa('sh', ['-c', line.replaceAll('npx addon', `node ${BIN}`)], {
    cwd,
    reject: false,
    env: { ...userEnv, NO_COLOR: '1' },
    extendEnv: false,
  });

/** The status of curl -i's answer (its first line: `HTTP/1.1 201 Created`). */
const statusLine = (stdout: string) => Number(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1]);

const HAS_CURL = existsSync('/usr/bin/curl');

describe('a copy does the same again against the same world', () => {
  it.skipIf(!HAS_CURL)('as curl (skipped where /usr/bin/curl is missing): the same statuses', async () => {
    const { dev, created, refused } = await world();
    const place = { emulatorUrl: dev.url };
    const dir = await tempDir();
    for (const entry of [created, refused]) {
      const answer = await shell(copyAs('curl', { kind: 'call', entry }, place), dir);
      expect(statusLine(answer.stdout), answer.stderr).toBe(entry.status);
    }
    expect(existsSync(join(dir, 'pwned'))).toBe(false);

    const [delivery] = (await control<{ data: Delivery[] }>(dev, '/deliveries')).data;
    const replay = await shell(copyAs('curl', { kind: 'delivery', delivery }, place), dir);
    expect(statusLine(replay.stdout)).toBe(201);
    const replayed = JSON.parse(replay.stdout.slice(replay.stdout.indexOf('\r\n\r\n'))) as Delivery;
    expect(replayed).toMatchObject({ replayOf: delivery.deliveryId });
    expect(replayed.attempts[0].response?.status).toBe(delivery.attempts[0].response?.status);

    const fired: Copied = {
      kind: 'event',
      fired: { event: 'customer.created', orgId: 'org_demo', data: { name: NAME }, deliveries: [] },
    };
    const trigger = await shell(copyAs('curl', fired, place), dir);
    expect(statusLine(trigger.stdout)).toBe(201);
    const result = JSON.parse(trigger.stdout.slice(trigger.stdout.indexOf('\r\n\r\n'))) as TriggerResult;
    expect(result.data).toMatchObject({ name: NAME });
    expect(result.deliveries.map((d) => d.attempts[0].response?.status)).toEqual([200]);
  });

  it('as an addon command line: exit 0 and the same outcome', async () => {
    const { dev, receiver, created, refused } = await world();
    const place = { emulatorUrl: dev.url };
    const dir = await tempDir();
    const call = await shell(copyAs('cli', { kind: 'call', entry: created }, place), dir);
    expect(call.exitCode, call.stderr).toBe(0);
    expect(call.stderr).toBe('201 Created');
    expect(JSON.parse(call.stdout).data).toMatchObject({ name: NAME });
    // A refused call is refused again: one line, exit 1, its code.
    const again = await shell(copyAs('cli', { kind: 'call', entry: refused }, place), dir);
    expect(again.exitCode).toBe(1);
    expect(again.stderr.trim()).toMatch(/answered 403: insufficient_scope: /);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);

    const [delivery] = (await control<{ data: Delivery[] }>(dev, '/deliveries')).data;
    const replay = await shell(copyAs('cli', { kind: 'delivery', delivery }, place), dir);
    expect(replay.exitCode, replay.stderr).toBe(0);
    const [replayed] = (await control<{ data: Delivery[] }>(dev, '/deliveries')).data;
    expect(replayed).toMatchObject({ replayOf: delivery.deliveryId, payload: expect.any(String) });
    expect(replayed.attempts[0].response?.status).toBe(200);
    expect(JSON.parse(replayed.payload).data).toEqual(JSON.parse(delivery.payload).data);

    const received = receiver.requests.length;
    const fired: Copied = {
      kind: 'event',
      fired: { event: 'customer.created', orgId: 'org_demo', data: { name: NAME }, deliveries: [] },
    };
    const trigger = await shell(copyAs('cli', fired, place), dir);
    expect(trigger.exitCode, trigger.stderr).toBe(0);
    expect(trigger.stdout).toMatch(/^Fired customer.created in org_demo: 1 delivery/);
    const [request] = (await receiver.received(received + 1)).slice(received);
    expect(JSON.parse(request.body).data.name).toBe(NAME);
  });

  it("as a test pasted into the template's integration test file: it passes against the exported world, and fails tampered", async () => {
    const { dev, created, refused } = await world();
    const place = { emulatorUrl: dev.url };
    const [delivery] = (await control<{ data: Delivery[] }>(dev, '/deliveries')).data;
    const trigger = await api(`${dev.url}/_emulator/events/trigger`, {
      body: { event: 'customer.created', data: { name: NAME } },
    });
    const fired: Copied = {
      kind: 'event',
      fired: {
        event: 'customer.created',
        orgId: 'org_demo',
        data: { name: NAME },
        deliveries: (trigger.body as TriggerResult).deliveries,
      },
    };
    // One snippet copied through the drawer, the others from the control API's data.
    const page = await openDrawer(dev);
    await page.getByTestId('tab-audit').click();
    const fromDrawer = await copied(page, `[data-testid="audit-row"][data-request-id="${created.requestId}"]`, 'test');
    const snippets = [
      fromDrawer,
      copyAs('test', { kind: 'call', entry: refused }, place),
      copyAs('test', { kind: 'delivery', delivery }, place),
      copyAs('test', fired, place),
    ];

    const project = await templateProject(dev);
    const file = join(project, 'test', 'integration.test.ts');
    await writeFile(file, `${await preamble()}\n${snippets.join('\n\n')}\n`);
    const passed = await vitest(project);
    expect(passed.exitCode, passed.all).toBe(0);
    expect(passed.all).toMatch(/Tests\s+4 passed/);

    // Tampered: the expected status changed. The snippet asserts, so the run fails.
    await writeFile(file, `${await preamble()}\n${snippets[0].replace(`toBe(201)`, 'toBe(200)')}\n`);
    const failed = await vitest(project);
    expect(failed.exitCode).not.toBe(0);
    expect(failed.all).toMatch(/expected 201 to be 200/);
  });
});

/**
 * A project as `addon init` makes it, as far as its integration test needs: addon.config.json with
 * the emulator's app and scopes, the world exported from it by the CLI, and `addon-devkit` and vitest
 * resolving to this checkout's.
 */
async function templateProject(dev: DevProcess): Promise<string> {
  const project = await tempDir();
  await mkdir(join(project, 'test'), { recursive: true });
  await mkdir(join(project, 'node_modules'));
  await symlink(ROOT, join(project, 'node_modules', 'addon-devkit'));
  await symlink(join(ROOT, 'node_modules', 'vitest'), join(project, 'node_modules', 'vitest'));
  const { appId } = await control<{ appId: string }>(dev, '/status');
  await writeFile(join(project, 'addon.config.json'), JSON.stringify({ appId, scopes: SCOPES }));
  const exported = await cli(['state', 'export', 'test/world.json', '--emulator', dev.url], { cwd: project });
  expect(exported.exitCode, exported.stderr).toBe(0);
  return project;
}

/**
 * The template's integration test file up to its tests, its emulator started from the exported
 * world, as the snippet's first comment says to.
 */
async function preamble(): Promise<string> {
  const template = await readFile(join(ROOT, 'templates', 'vite-ts', 'test', 'integration.test.ts'), 'utf8');
  const head = template.slice(0, template.indexOf('\ndescribe('));
  expect(head).toMatch(/startEmulator\(\{/);
  return head.replace(/startEmulator\(\{/, "startEmulator({ state: 'test/world.json',");
}

const vitest = (project: string) =>
  execa('node', [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', project], {
    cwd: project,
    reject: false,
    all: true,
    timeout: 120_000,
    env: { ...userEnv, NO_COLOR: '1', CI: '1' },
    extendEnv: false,
  });
