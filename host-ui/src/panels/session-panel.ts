// Session tab: who the add-on runs as, with which scopes, and how long its token has left; and the
// settings for the next opening (a subset of the declared scopes, another org or user).
import { everySecond, type EmulatedClock } from '../clock';
import { h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { countdown, dateTime, tokenPreview } from '../format';
import type { Session, SessionSettings } from '../session';
import { toast } from '../toast';
import type { EmulatorStatus } from '../types';
import { createScopeUsage } from './scope-usage';

export interface SessionPanel extends Panel {
  /** Tells the panel an API call was made: its scope report is read again (while it shows). */
  noteApiCall(): void;
}

export function createSessionPanel(deps: {
  status: EmulatorStatus;
  session: Session;
  clock: EmulatedClock;
  /** Reopens the add-on with these settings (kept if the emulator accepts them). */
  reopen(settings: SessionSettings): void;
}): SessionPanel {
  const { status, session, clock } = deps;
  const usage = createScopeUsage();

  const remaining = h('span', { class: 'countdown', 'data-testid': 'token-remaining' }, '—');
  const expiresAt = h('span', { class: 'muted' });
  const preview = h(
    'code',
    {
      'data-testid': 'token-preview',
      title: 'The first characters of the session token; the page never shows it whole',
    },
    '—',
  );
  const orgValue = h('code');
  const userValue = h('code');
  const tokenScopes = h('div', { class: 'chips' });
  const jti = h('code', { class: 'muted small' });

  const scopeBoxes = status.scopes.map((scope) =>
    h('input', { type: 'checkbox', 'data-testid': 'scope-option', value: scope, id: `scope-${scope}` }),
  );
  const orgInput = h('input', {
    type: 'text',
    'data-testid': 'org-input',
    id: 'org-input',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const userInput = h('input', {
    type: 'text',
    'data-testid': 'user-input',
    id: 'user-input',
    autocomplete: 'off',
    spellcheck: 'false',
  });

  const showSettings = () => {
    scopeBoxes.forEach((box) => (box.checked = session.settings.scopes.includes(box.value)));
    orgInput.value = session.settings.orgId;
    userInput.value = session.settings.userId;
  };

  const apply = (event: Event) => {
    event.preventDefault();
    const orgId = orgInput.value.trim();
    const userId = userInput.value.trim();
    if (!orgId || !userId) {
      toast('Organization and user ids cannot be empty', 'error');
      return;
    }
    deps.reopen({ scopes: scopeBoxes.filter((box) => box.checked).map((box) => box.value), orgId, userId });
  };

  const tick = () => {
    const left = session.remainingMs(clock.now());
    remaining.textContent = left === null ? '—' : left > 0 ? countdown(left) : 'expired';
    remaining.classList.toggle('expired', left !== null && left <= 0);
    remaining.classList.toggle('soon', left !== null && left > 0 && left < 5 * 60_000);
    const exp = session.current?.claims.exp;
    expiresAt.textContent =
      exp === undefined
        ? 'the add-on is closed'
        : `${left! > 0 ? 'until' : 'since'} ${dateTime(exp * 1000)} (emulated)`;
  };

  const showCurrent = () => {
    const current = session.current;
    preview.textContent = current ? tokenPreview(current.token) : '—';
    orgValue.textContent = current?.claims.orgId ?? '—';
    userValue.textContent = current?.claims.userId ?? '—';
    jti.textContent = current ? `jti ${current.claims.jti}` : '';
    replaceChildren(
      tokenScopes,
      ...(current
        ? current.claims.scopes.length
          ? current.claims.scopes.map((scope) => h('span', { class: 'chip' }, scope))
          : [h('span', { class: 'muted' }, 'no scopes')]
        : ['—']),
    );
    tick();
  };

  // The form is refilled only when settings were taken, not on every change, so a session that
  // opens meanwhile does not wipe what is being typed.
  let shownSettings = session.settings;
  session.onChange(() => {
    showCurrent();
    if (session.settings !== shownSettings) {
      shownSettings = session.settings;
      showSettings();
    }
  });
  clock.onChange(tick);
  everySecond(tick);
  showCurrent();
  showSettings();

  const row = (label: string, ...value: Array<Node | string>) =>
    h('div', { class: 'kv-row' }, h('dt', {}, label), h('dd', {}, ...value));

  const element = h(
    'div',
    { class: 'panel session-panel' },
    h('h2', {}, 'Add-on'),
    h('dl', { class: 'kv' }, row('Name', status.name), row('App id', h('code', {}, status.appId))),
    h('h2', {}, 'Current session'),
    h(
      'dl',
      { class: 'kv' },
      row('Organization', orgValue),
      row('User', userValue),
      row('Token', preview, ' ', jti),
      row('Remaining', remaining, ' ', expiresAt),
      row('Token scopes', tokenScopes),
    ),
    h(
      'form',
      { class: 'settings', onsubmit: apply },
      h('h2', {}, 'Next opening'),
      h(
        'p',
        { class: 'muted small' },
        'Declared scopes; the checked ones are granted to the next token. “installed” marks those granted in the configuration.',
      ),
      h(
        'div',
        { class: 'scope-list' },
        ...scopeBoxes.map((box) =>
          h(
            'label',
            { class: 'scope-option', for: box.id },
            box,
            h('code', {}, box.value),
            status.grantedScopes.includes(box.value) ? h('span', { class: 'tag' }, 'installed') : null,
          ),
        ),
        status.scopes.length === 0 ? h('p', { class: 'muted' }, 'The add-on declares no scopes.') : null,
      ),
      h(
        'div',
        { class: 'field-row' },
        h('label', { class: 'field' }, h('span', {}, 'Organization id'), orgInput),
        h('label', { class: 'field' }, h('span', {}, 'User id'), userInput),
      ),
      h(
        'button',
        { type: 'submit', class: 'button primary', 'data-testid': 'apply-session' },
        'Reopen with these settings',
      ),
    ),
    usage.element,
  );
  let shown = false;
  const reload = () => void usage.reload().catch(() => {});
  return {
    element,
    onShow() {
      shown = true;
      reload();
    },
    noteApiCall() {
      // Only while the tab is in view: a hidden tab reads it again when it is shown.
      if (shown && !element.closest('[hidden]')) reload();
    },
  };
}
