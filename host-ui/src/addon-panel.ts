// The main area: where the add-on opens in its iframe, with the in-app location above it, the
// "Session expired" overlay over it, a placeholder while it is closed, and why it is not there when
// the session's user may not open it.
import { clampHeight, DEFAULT_HEIGHT } from '../../src/bridge/addon-messages.js';
import { h, replaceChildren, type Child } from './dom';
import { icon } from './icons';
import { crumbs, crumbText } from './page-header';

// The add-on runs on its own origin, so allow-same-origin gives it that origin (its own storage,
// cookies and API calls), not the host's. Top navigation is deliberately not allowed.
const SANDBOX = 'allow-scripts allow-forms allow-same-origin allow-popups';

export interface AddonPanel {
  element: HTMLElement;
  /** The header's row of actions (Reload, Close): on a phone, the frame-width control joins it (phone-slot.ts). */
  actions: HTMLElement;
  /** Loads the add-on in a new frame (a new window, so a new `service:ready` is expected). */
  load(src: string): void;
  close(): void;
  frame(): HTMLIFrameElement | null;
  /** The in-app path the add-on asked for (service:navigate), with a note when it names no page of the shell. */
  setPath(path: string, note?: string): void;
  setHeight(height: number): void;
  /** The frame's width in CSS pixels, centred in the main area; null: the whole main area. */
  setWidth(px: number | null): void;
  setExpired(expired: boolean): void;
  /** Replaces the whole area with a message (no add-on URL, failed start). */
  showProblem(message: string): void;
  /**
   * Why the add-on is not there for the session's user: the emulator's refusal (`code`, `message`)
   * under a title, with what the user can do about it.
   */
  showUnavailable(reason: UnavailableReason): void;
}

export interface UnavailableReason {
  /** The emulator's refusal code: addon_not_installed, access_denied, unknown_user, ... */
  code: string;
  title: string;
  /** The emulator's own words. */
  message: string;
  /** What the user can do: ask an admin, install it, switch user. */
  next: Child[];
}

export function createAddonPanel(options: {
  name: string;
  origin: string | null;
  onOpen(): void;
  onClose(): void;
}): AddonPanel {
  const { name } = options;
  let frame: HTMLIFrameElement | null = null;
  let expired: HTMLElement | null = null;
  let width: number | null = null;

  const path = h(
    'code',
    { class: 'host-path', 'data-testid': 'host-path', title: 'The add-on’s in-app path (service:navigate)' },
    '/',
  );
  const pathNote = h('span', { class: 'location-note', 'data-testid': 'host-path-note', hidden: true });
  const setPath = (value: string, note?: string) => {
    path.textContent = value;
    pathNote.textContent = note ?? '';
    pathNote.hidden = !note;
  };
  const heightLabel = h('span', { class: 'frame-height', title: 'The frame’s height (service:resize)' });
  const frameShell = h('div', { class: 'frame-shell' });
  const panel = h(
    'div',
    { class: 'addon-panel', 'data-testid': 'addon-panel', 'data-state': 'closed', hidden: true },
    frameShell,
  );
  const placeholder = h(
    'div',
    { class: 'placeholder', hidden: true },
    h('div', { class: 'placeholder-icon' }, icon('addon', 28)),
    h('p', { class: 'placeholder-title' }, `${name} is closed`),
    h('p', { class: 'muted' }, 'Opening it starts a new session with a new token.'),
    h('button', { type: 'button', class: 'button primary', onclick: options.onOpen }, `Open ${name}`),
  );
  const problem = h('div', { class: 'problem', role: 'alert', hidden: true });
  const unavailable = h('div', { class: 'unavailable-slot', hidden: true });

  const locationBar = h(
    'div',
    { class: 'location', title: options.origin ?? '', hidden: !options.origin },
    icon(options.origin?.startsWith('https:') ? 'lock' : 'globe', 14),
    h('span', { class: 'location-origin' }, options.origin ?? ''),
    path,
    pathNote,
  );
  const actions = h(
    'div',
    { class: 'main-actions' },
    heightLabel,
    h(
      'button',
      { type: 'button', class: 'button small', title: 'Reopen with a new session token', onclick: options.onOpen },
      'Reload',
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'button small',
        title: 'Close the add-on, as service:close does',
        onclick: options.onClose,
      },
      'Close',
    ),
  );

  const element = h(
    'div',
    { class: 'main-inner' },
    h(
      'div',
      { class: 'main-header' },
      crumbs(
        ...crumbText('Add-ons'),
        // The page's one level-one heading: what the service shows as the add-on page's title.
        h('h1', { class: 'crumb-title' }, name),
      ),
      // Without an add-on there is no location to show, but host-path stays in the page.
      locationBar,
      actions,
    ),
    h('div', { class: 'stage' }, panel, placeholder, problem, unavailable),
  );

  const setHeight = (height: number) => {
    const px = clampHeight(height);
    if (frame) frame.style.height = `${px}px`;
    heightLabel.textContent = `${px} px high`;
  };

  const setWidth = (px: number | null) => {
    width = px;
    panel.dataset.width = px === null ? 'full' : 'fixed';
    if (frame) frame.style.width = px === null ? '' : `${px}px`;
  };

  const setExpired = (value: boolean) => {
    if (value && !expired && frame) {
      expired = h(
        'div',
        {
          class: 'expired-overlay',
          'data-testid': 'session-expired',
          role: 'alertdialog',
          'aria-label': 'Session expired',
        },
        h(
          'div',
          { class: 'expired-card' },
          h('p', { class: 'expired-title' }, 'Session expired'),
          h(
            'p',
            { class: 'muted' },
            `The session token is past its expiry; ${name}'s API calls now get 401. Reopen it to get a new session.`,
          ),
          h(
            'button',
            { type: 'button', class: 'button primary', 'data-testid': 'reopen', onclick: options.onOpen },
            'Reopen',
          ),
        ),
      );
      panel.appendChild(expired);
    } else if (!value && expired) {
      expired.remove();
      expired = null;
    }
  };

  const show = (what: 'panel' | 'placeholder' | 'problem' | 'unavailable') => {
    panel.hidden = what !== 'panel';
    panel.dataset.state = what === 'panel' ? 'open' : 'closed';
    placeholder.hidden = what !== 'placeholder';
    problem.hidden = what !== 'problem';
    unavailable.hidden = what !== 'unavailable';
    if (what !== 'unavailable') unavailable.replaceChildren();
    // No add-on for this user, so no location of it.
    locationBar.hidden = !options.origin || what === 'unavailable';
    actions.hidden = what !== 'panel';
  };

  return {
    element,
    actions,
    load(src) {
      setExpired(false);
      // A new element rather than a new src: the old window (and anything it still posts) is gone,
      // and the bridge only listens to the new frame's window.
      frame = h('iframe', { id: 'addon-frame', 'data-testid': 'addon-frame', title: name, sandbox: SANDBOX, src });
      // Sized before it is added, so the add-on's window has the chosen width from its first layout.
      setWidth(width);
      setHeight(DEFAULT_HEIGHT);
      replaceChildren(frameShell, frame);
      setPath('/');
      show('panel');
    },
    close() {
      setExpired(false);
      frame = null;
      frameShell.replaceChildren();
      setPath('/');
      show('placeholder');
    },
    frame: () => frame,
    setPath,
    setHeight,
    setWidth,
    setExpired,
    showProblem(message) {
      setExpired(false);
      frame = null;
      frameShell.replaceChildren();
      problem.textContent = message;
      show('problem');
    },
    showUnavailable(reason) {
      setExpired(false);
      frame = null;
      frameShell.replaceChildren();
      setPath('/');
      // A new card each time, so whoever watches the page (openHostPage) sees each refusal come.
      replaceChildren(
        unavailable,
        h(
          'div',
          { class: 'unavailable', role: 'alert', 'data-testid': 'addon-unavailable', 'data-code': reason.code },
          h('div', { class: 'placeholder-icon' }, icon('lock', 28)),
          h('p', { class: 'placeholder-title' }, reason.title),
          h('p', { class: 'unavailable-reason', 'data-testid': 'unavailable-reason' }, reason.message),
          ...reason.next,
        ),
      );
      show('unavailable');
    },
  };
}
