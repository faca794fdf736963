// Session tab: who the add-on runs as, with which scopes, and how long its token has left; and the
// settings for the next opening (a part of the grant of the organization it is installed in,
// another org or user).
import { everySecond, type EmulatedClock } from '../clock';
import { checkbox, h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { countdown, dateTime, tokenPreview } from '../format';
import type { Session, SessionSettings } from '../session';
import { toast } from '../toast';
import type { Organizations } from '../organizations';
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
  orgs: Organizations;
  /** The install screen's link, where the grant is changed. */
  installHref: string;
  /** Reopens the add-on with these settings (kept if the emulator accepts them). */
  reopen(settings: SessionSettings): void;
}): SessionPanel {
  const { status, session, clock, orgs } = deps;
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

  // The grant of the organization in force, and any scope asked for beyond it (openHostPage's, a
  // wildcard's part): the emulator judges those when the add-on opens.
  let scopeBoxes: HTMLInputElement[] = [];
  const scopeList = h('div', { class: 'scope-list' });
  const grantOrg = h('strong');
  const grantOf = () => orgs.find(session.settings.orgId)?.installation?.grantedScopes ?? null;
  const showScopes = () => {
    const grant = grantOf();
    const asked = session.settings.scopes;
    const listed = [...(grant ?? []), ...(asked ?? []).filter((scope) => !grant?.includes(scope))];
    scopeBoxes = listed.map((scope) =>
      checkbox('scope-option', scope, (asked ?? grant ?? []).includes(scope), `scope-${scope}`),
    );
    grantOrg.textContent = session.settings.orgId;
    replaceChildren(
      scopeList,
      ...scopeBoxes.map((box) =>
        h(
          'label',
          { class: 'scope-option', for: box.id },
          box,
          h('code', {}, box.value),
          grant?.includes(box.value) ? null : h('span', { class: 'tag' }, 'not granted'),
        ),
      ),
      listed.length
        ? null
        : h(
            'p',
            { class: 'muted' },
            grant ? 'Nothing is granted there.' : `The add-on is not installed in ${session.settings.orgId}.`,
          ),
    );
  };

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
    showScopes();
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
    const checked = scopeBoxes.filter((box) => box.checked).map((box) => box.value);
    const grant = grantOf();
    // All of the grant checked: the whole grant of wherever it opens, as a switch opens it.
    const whole = grant !== null && checked.length === grant.length && grant.every((scope) => checked.includes(scope));
    deps.reopen({ scopes: whole ? null : checked, orgId, userId });
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
  // Another grant (the install screen, a change read again): the boxes show it.
  orgs.onChange(showScopes);
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
    h(
      'dl',
      { class: 'kv' },
      row('Name', status.name),
      row('App id', h('code', {}, status.appId)),
      row(
        'Declared scopes',
        h(
          'span',
          { class: 'chips' },
          ...(status.scopes.length
            ? status.scopes.map((scope) => h('span', { class: 'chip' }, scope))
            : [h('span', { class: 'muted' }, 'none')]),
        ),
      ),
    ),
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
        'The scopes ',
        grantOrg,
        ' granted the add-on when installing it; the checked ones go in the next token. ',
        h('a', { href: deps.installHref, 'data-testid': 'session-install-link' }, 'Change the grant'),
      ),
      scopeList,
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
