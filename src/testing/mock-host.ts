/**
 * `mockHost()`: the host behind an add-on component's unit test, in vitest's happy-dom or jsdom, with
 * no browser (docs/testing.md). The add-on's page is the test's window; the host is this module, in
 * the same process, with an emulator of its own or one passed in. It does what the host page does
 * with the bridge (host-ui/src/main.ts), through the same DOM-free parts: the session minted by the
 * emulator's one policy, put in the address as the platform puts it (frame-url.ts), each message
 * taken through the bridge's limits and checks (host-intake.ts), logged and waited for as
 * `openHostPage()` records them (host-log.ts).
 */
import { clampHeight, DEFAULT_HEIGHT, type AddonMessage } from '../bridge/addon-messages.js';
import { cut } from '../bridge/bridge-budget.js';
import { hostIntake, sentEntry, type MessageLogEntry } from '../bridge/host-intake.js';
import type { SessionClaims } from '../auth/tokens.js';
import { outlineOf } from '../domain/resource-outline.js';
import { frameUrl } from '../emulator/frame-url.js';
import { parsePath } from '../emulator/shell-paths.js';
import { ApiError, UserError } from '../common/errors.js';
import { everyStep } from './every-step.js';
import { frameWindow, pageToFrame, type FramedWindow } from './framed-window.js';
import { bridgeCoverage } from './mock-host-coverage.js';
import { createHostLog, describeLog, messagesOf, navigationsIn } from './host-log.js';
import type { HostPage, SessionChoice } from './host-page.js';
import { hostWaits, type HostWaits } from './host-waits.js';
import { startEmulator, type TestEmulator, type TestEmulatorOptions } from './start-emulator.js';

export interface MockHostOptions extends SessionChoice {
  /** The emulator behind it (what `startEmulator()` returned); default: its own, closed by `close()`. */
  emulator?: TestEmulator;
  /** Its own emulator's app id. */
  appId?: string;
  /** Its own emulator's other options (`startEmulator`'s); `appId` and `scopes` are the ones above. */
  emulatorOptions?: TestEmulatorOptions;
  /** The add-on's page, of the test window's origin; default: the window's current URL. */
  addonUrl?: string;
  /** As `addon dev --strict`: what the platform would not take is malformed; default: the emulator's. */
  strict?: boolean;
  /** How long a wait may take before it fails with what the host saw; default 10 s. */
  timeoutMs?: number;
}

/**
 * `openHostPage()`'s HostPage, as far as a host without a browser goes: the bridge traffic, the
 * toasts, the navigations, the frame's height, the session and its end, with the same names and the
 * same answers (docs/testing.md says where a mock differs: no layout, no shell pages).
 */
export interface MockHost extends Pick<
  HostPage,
  | 'messages'
  | 'toasts'
  | 'navigations'
  | 'frameHeight'
  | 'isClosed'
  | 'isExpired'
  | 'session'
  | 'expireSession'
  | keyof HostWaits
> {
  /** The emulator behind it: its own, or the one passed in. */
  readonly emulator: TestEmulator;
  /** `emulator.apiUrl`: the component's `connect({ apiUrl })`. */
  readonly apiUrl: string;
  /** Posts a message to the add-on as the host would (a `service:context` again, say), logged as `out`. */
  send(type: string, payload?: unknown): void;
  /** Gives the window back as it was (parent, referrer, address, message listeners); closes its own emulator. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Puts a host behind the test's window, before the component under test runs: its `connect()` then
 * gets `service:context` with a session token that the emulator minted for the org, user and scopes
 * chosen. Rejects, as a UserError with the emulator's reason, when that user may not open the add-on.
 *
 *   const host = await mockHost({ scopes: ['customers.read'] });
 *   mount(MyComponent, { apiUrl: host.apiUrl });
 *   await host.waitForNotify('success');
 *   await host.close();
 */
export async function mockHost(options: MockHostOptions = {}): Promise<MockHost> {
  const page = pageToFrame(options.addonUrl);
  const own = options.emulator === undefined;
  if (!own && (options.appId !== undefined || options.emulatorOptions !== undefined))
    throw new UserError(
      'mockHost: appId and emulatorOptions are for an emulator of its own; the emulator passed in has its own',
    );
  const emulator =
    options.emulator ??
    (await startEmulator({
      ...options.emulatorOptions,
      ...(options.appId ? { appId: options.appId } : {}),
      ...(options.scopes ? { scopes: options.scopes } : {}),
      ...(options.strict !== undefined ? { strict: options.strict } : {}),
    }));
  try {
    return await openOn(emulator, own, page, options);
  } catch (error) {
    if (own) await emulator.close();
    throw error;
  }
}

async function openOn(emulator: TestEmulator, own: boolean, page: string, options: MockHostOptions): Promise<MockHost> {
  const core = emulator.emulator;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const minted = await mint(emulator, options);
  const { token, claims } = minted;
  const log = createHostLog();
  const take = hostIntake({ strict: options.strict ?? core.parity.strict });
  const coverage = bridgeCoverage();
  const resources = core.registry.resources.map(outlineOf);
  let height = DEFAULT_HEIGHT;
  let closed = false;

  const record = (entry: MessageLogEntry) => {
    const { warning, over, ...rest } = entry;
    log.add([
      {
        kind: 'message',
        ...rest,
        payload: asLogged(rest.payload),
        warning: warning ?? null,
        ...(over ? { over } : {}),
      },
    ]);
    coverage.note(entry);
  };
  const act = (message: AddonMessage) => {
    switch (message.type) {
      case 'service:ready':
        return send('service:context', { orgId: claims.orgId, userId: claims.userId, token, scopes: claims.scopes });
      case 'service:navigate': {
        // A page of the shell's: the host page shows it, leaving the add-on (host-ui/src/main.ts).
        const route = parsePath(message.path, resources, core.settings.appId);
        if (route && route.kind !== 'addon') closed = true;
        return;
      }
      case 'service:notify':
        log.add([{ kind: 'toast', message: cut(message.message), level: message.level }]);
        // The emulator's Parity tab and terminal say so, as for the host page (docs/parity.md).
        if (message.parity) core.parity.note('notify-level', message.parity);
        return;
      case 'service:resize':
        height = clampHeight(message.height);
        return;
      case 'service:close':
        closed = true;
        return;
    }
  };
  const send = (type: string, payload?: unknown) => {
    // As the host page, which posts only to the add-on's frame while it is open.
    if (closed) return;
    framed.post({ type, payload });
    record(sentEntry(type, payload));
  };
  const framed: FramedWindow = frameWindow({
    hostUrl: `${emulator.url}/`,
    frameUrl: frameUrl(page, token),
    onMessage(data) {
      // The host page no longer listens to a closed add-on's window.
      if (closed) return;
      const taken = take(data);
      if (taken.dropped) {
        log.add([{ kind: 'dropped', overRate: 1 }]);
        coverage.dropped();
      }
      if (taken.entry) record(taken.entry);
      if (taken.message) act(taken.message);
    },
  });

  const failure = async (what: string) => new Error(`mockHost: ${what} within ${timeoutMs} ms.\n${describeLog(log)}`);
  const messages = messagesOf(log, timeoutMs, failure);
  let closing: Promise<void> | null = null;
  return {
    emulator,
    apiUrl: emulator.apiUrl,
    messages,
    ...hostWaits(messages.waitFor),
    toasts: log.toasts.items,
    navigations: () => navigationsIn(log),
    frameHeight: async () => (closed ? null : height),
    isClosed: async () => closed,
    isExpired: async () => !closed && claims.exp * 1000 <= core.clock.now(),
    session: async () => ({ token, claims }),
    async expireSession() {
      const seconds = Math.max(1, Math.ceil((claims.exp * 1000 - core.clock.now()) / 1000) + 1);
      await emulator.advanceClock(seconds * 1000);
    },
    send,
    // Each step even when one before it throws (a component's wrapper of history.replaceState), so
    // that no emulator is left running; the first error is thrown once all are done.
    close: () =>
      (closing ??= everyStep([
        () => framed.restore(),
        () => coverage.report(core),
        () => (own ? emulator.close() : undefined),
      ])),
  };
}

/** The session, minted as the host page mints it, or the emulator's reason why this user may not open the add-on. */
async function mint(emulator: TestEmulator, choice: SessionChoice) {
  const core = emulator.emulator;
  const orgId = choice.orgId ?? core.settings.orgId;
  const userId = choice.userId ?? userFor(emulator, orgId);
  try {
    const minted = await core.token({ orgId, userId, ...(choice.scopes ? { scopes: [...choice.scopes] } : {}) });
    return minted as { token: string; claims: SessionClaims };
  } catch (error) {
    if (error instanceof ApiError) throw new UserError(`mockHost: ${error.message}`, 1, error.code);
    throw error;
  }
}

/**
 * Who opens the add-on in `orgId` when no user is named, as the host page chooses: the emulator's own
 * user where they belong, else the organization's first user who may use it, else its first.
 */
function userFor(emulator: TestEmulator, orgId: string): string {
  const { userId } = emulator.emulator.settings;
  const users = emulator.organizations().find((org) => org.id === orgId)?.users ?? [];
  if (users.length === 0 || users.some(({ id }) => id === userId)) return userId;
  return (users.find((user) => user.mayUse) ?? users[0]!).id;
}

/**
 * A payload as `openHostPage()` reads it back from the host page's log, which keeps it as JSON text:
 * what JSON drops is not there, a BigInt is its digits.
 */
function asLogged(payload: unknown): unknown {
  if (payload === undefined) return undefined;
  let text: string;
  try {
    text = JSON.stringify(payload) ?? String(payload);
  } catch {
    text = String(payload);
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
