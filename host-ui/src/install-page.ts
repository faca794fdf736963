// The install screen (`#/settings/addons`): the consent step of spec 1, as an admin of the
// organization meets it. It lists the scopes the add-on declares, each with what it allows, to grant
// all or a part of them; who may use it (roles, and users whatever their role); and installs,
// saves a change or uninstalls through the control API at once. The emulator decides: a refusal
// (a grant outside the declared scopes, a user it does not know) is shown as it says it.
import { checkbox, h, type Child } from './dom';
import { dateTime } from './format';
import { keepFocusIn } from './modal-focus';
import type { Organizations } from './organizations';
import { crumbText, pageHeader, pageTitle } from './page-header';
import { href } from './routes';
import { scopeWords } from './scope-words';
import { chosen, scopeTree, type ScopeNode } from './scope-tree';
import type { Session } from './session';
import { toast, toastError } from './toast';
import type { Installation, OrganizationView } from './types';

export interface InstallPageDeps {
  orgs: Organizations;
  session: Session;
  addonName: string;
  appId: string;
  addonPath: string;
  /** The resources a scope may name (`<resource>.*`): what a declared `*` stands for. */
  scopeResources: readonly string[];
  /** Switches to another user of the organization (a non-admin's way to an admin). */
  switchUser(userId: string): void;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export async function installPage(deps: InstallPageDeps): Promise<Child[]> {
  const { orgs, session, addonName } = deps;
  const { orgId, userId } = session.settings;
  await orgs.ensure(orgId);
  const org = orgs.find(orgId);
  const heading = pageHeader(...crumbText('Settings'), ...crumbText('Add-ons'), pageTitle(addonName));
  if (!org)
    return [
      heading,
      h('p', { class: 'problem', role: 'alert' }, `${orgId} is not an organization the emulator knows.`),
    ];

  const installation = org.installation;
  const me = orgs.user(orgId, userId);
  const admin = me?.role === 'admin';
  return [
    heading,
    h(
      'p',
      { class: 'muted' },
      'In ',
      h('strong', {}, org.name),
      org.name === org.id ? '' : ` (${org.id})`,
      `. What an admin of the organization decides when installing the add-on `,
      h('code', {}, deps.appId),
      ': the scopes it may use, and who may use it.',
    ),
    statusLine(deps, org, installation),
    orgs.openWorld
      ? h(
          'p',
          { class: 'muted small' },
          'No organizations are configured, so every user is an admin of any organization. Configure organizations, with users and roles, to see what other roles see.',
        )
      : null,
    installation?.pendingScopes.length ? reconsentNotice(addonName, installation) : null,
    admin ? null : notAdminNotice(deps, org, me),
    form(deps, org, installation, admin),
  ];
}

function statusLine(deps: InstallPageDeps, org: OrganizationView, installation: Installation | null): HTMLElement {
  const state = installation ? 'installed' : 'not-installed';
  const line = h('p', { class: 'install-status', 'data-testid': 'install-status', 'data-state': state });
  if (!installation) {
    line.append(
      h('span', { class: 'badge status-pending' }, 'not installed'),
      ` ${deps.addonName} is not installed in ${org.name}.`,
    );
    return line;
  }
  line.append(
    h('span', { class: 'badge status-succeeded' }, 'installed'),
    installation.source === 'config' || !installation.updatedAt
      ? ' As the configuration installs it.'
      : ` Last changed ${dateTime(installation.updatedAt)} (emulated).`,
  );
  if (deps.orgs.availability(org.id, deps.session.settings.userId).kind === 'available')
    line.append(' ', h('a', { href: href(deps.addonPath) }, `Open ${deps.addonName}`));
  return line;
}

/** Declared since the admin consented: not granted until an admin saves with them. */
function reconsentNotice(addonName: string, installation: Installation): HTMLElement {
  return h(
    'div',
    { class: 'notice install-notice', role: 'status', 'data-testid': 'reconsent-notice' },
    h(
      'p',
      { class: 'notice-text' },
      `${addonName} now asks for ${plural(installation.pendingScopes.length, 'scope')} you have not consented to. They are not granted until you save with them checked:`,
    ),
    h(
      'ul',
      { class: 'pending-scopes' },
      ...installation.pendingScopes.map((scope) =>
        h('li', { 'data-testid': 'pending-scope' }, h('code', {}, scope), ` — ${scopeWords(scope)}`),
      ),
    ),
  );
}

function notAdminNotice(
  deps: InstallPageDeps,
  org: OrganizationView,
  me: { name: string; role: string } | undefined,
): HTMLElement {
  const admins = deps.orgs.admins(org.id);
  return h(
    'div',
    { class: 'notice install-notice', role: 'status', 'data-testid': 'not-admin-notice' },
    h(
      'p',
      { class: 'notice-text' },
      `Only an admin of ${org.name} installs add-ons and decides what they may do. `,
      me ? `You are ${me.name}, ${me.role}.` : '',
      admins.length ? '' : ' It has no admin.',
    ),
    admins.length
      ? h(
          'div',
          { class: 'button-row' },
          ...admins
            .slice(0, 3)
            .map((admin) =>
              h(
                'button',
                { type: 'button', class: 'button small', onclick: () => deps.switchUser(admin.id) },
                `Switch to ${admin.name}`,
              ),
            ),
        )
      : null,
  );
}

function form(
  deps: InstallPageDeps,
  org: OrganizationView,
  installation: Installation | null,
  admin: boolean,
): HTMLElement {
  const { orgs, addonName } = deps;
  const declared = orgs.declaredScopes;
  const grantedNow = installation?.grantedScopes ?? declared;
  const pending = installation?.pendingScopes ?? [];

  // A declared scope may be granted whole or in part: what it stands for are boxes beneath it.
  const trees = declared.map((scope, i) =>
    scopeTree(scope, { resources: deps.scopeResources, granted: grantedNow, id: `grant-${i}` }),
  );
  const roleBoxes = orgs.roles.map(({ role, words }) => ({
    box: checkbox('role-option', role, installation ? installation.access.roles.includes(role) : true, `role-${role}`),
    role,
    words,
  }));
  const users = orgs.users(org.id, deps.session.settings.userId);
  const userBoxes = users.map((user, i) => ({
    box: checkbox(
      'access-user-option',
      user.id,
      installation?.access.users.includes(user.id) ?? false,
      `access-user-${i}`,
    ),
    user,
  }));

  const submit = h(
    'button',
    {
      type: 'submit',
      class: 'button primary',
      'data-testid': installation ? 'save-installation' : 'install',
    },
    installation ? 'Save changes' : `Install ${addonName}`,
  );
  const dialog = uninstallDialog(deps, org);
  const uninstall = installation
    ? h(
        'button',
        { type: 'button', class: 'button danger', 'data-testid': 'uninstall', onclick: () => dialog.showModal() },
        'Uninstall',
      )
    : null;

  const save = async (event: Event) => {
    event.preventDefault();
    const input = {
      grant: trees.flatMap(chosen),
      roles: roleBoxes.filter(({ box }) => box.checked).map(({ role }) => role),
      users: userBoxes.filter(({ box }) => box.checked).map(({ user }) => user.id),
    };
    submit.disabled = true;
    try {
      await orgs.install(org.id, input);
      // The organizations are read again: the page, the sidebar and the top bar show the change.
      toast(`${installation ? 'Saved' : 'Installed'}: ${addonName} in ${org.name}`, 'success');
    } catch (error) {
      toastError(error);
      submit.disabled = false;
    }
  };

  return h(
    'form',
    { class: 'install-form', 'data-testid': 'install-form', onsubmit: (event: Event) => void save(event) },
    h(
      'fieldset',
      { class: 'install-section', disabled: !admin },
      h('legend', {}, 'Scopes it asks for'),
      h('p', { class: 'muted small' }, 'What you grant goes in its session tokens; a call outside the grant gets 403.'),
      declared.length
        ? h('ul', { class: 'option-list' }, ...trees.map((tree) => scopeItem(tree, pending.includes(tree.scope))))
        : h('p', { class: 'muted' }, 'The add-on declares no scopes.'),
    ),
    h(
      'fieldset',
      { class: 'install-section', disabled: !admin },
      h('legend', {}, 'Who may use it'),
      h('p', { class: 'muted small' }, 'Users with these roles see it in the sidebar and may open it.'),
      h(
        'ul',
        { class: 'option-list' },
        ...roleBoxes.map(({ box, role, words }) =>
          h(
            'li',
            {},
            h(
              'label',
              { class: 'install-option', for: box.id },
              box,
              h('span', {}, h('strong', {}, role), h('span', { class: 'option-words' }, words)),
            ),
          ),
        ),
      ),
    ),
    h(
      'fieldset',
      { class: 'install-section', disabled: !admin },
      h('legend', {}, 'And these users, whatever their role'),
      users.length
        ? h(
            'ul',
            { class: 'option-list' },
            ...userBoxes.map(({ box, user }) =>
              h(
                'li',
                {},
                h(
                  'label',
                  { class: 'install-option', for: box.id },
                  box,
                  h(
                    'span',
                    {},
                    h('strong', {}, user.name),
                    ' ',
                    user.name === user.id ? null : h('code', { class: 'muted' }, user.id),
                    user.name === user.id ? null : ' ',
                    h('span', { class: 'tag role-tag', 'data-role': user.role }, user.role),
                  ),
                ),
              ),
            ),
          )
        : h('p', { class: 'muted' }, `${org.name} has no users.`),
    ),
    h('div', { class: 'button-row install-actions' }, admin ? submit : null, admin ? uninstall : null),
    dialog,
  );
}

/** Asks before uninstalling, saying what goes and what stays (docs/installations.md). */
function uninstallDialog(deps: InstallPageDeps, org: OrganizationView): HTMLDialogElement {
  const { orgs, addonName } = deps;
  const confirm = h(
    'button',
    { type: 'button', class: 'button danger', 'data-testid': 'confirm-uninstall' },
    `Uninstall from ${org.name}`,
  );
  const dialog = h(
    'dialog',
    { class: 'confirm-dialog', 'data-testid': 'uninstall-dialog', 'aria-labelledby': 'uninstall-title' },
    h('h2', { id: 'uninstall-title' }, `Uninstall ${addonName} from ${org.name}?`),
    h(
      'p',
      {},
      `Its webhook subscriptions in ${org.name} are removed, and its sessions there end at once. `,
      `The organization's records and the add-on's own data are kept: install it again and they are there.`,
    ),
    h(
      'div',
      { class: 'button-row' },
      confirm,
      // The safe choice has the focus as the dialog opens, so Enter twice on Uninstall uninstalls nothing.
      h(
        'button',
        {
          type: 'button',
          class: 'button',
          'data-testid': 'cancel-uninstall',
          autofocus: true,
          onclick: () => dialog.close(),
        },
        'Cancel',
      ),
    ),
  );
  keepFocusIn(dialog);
  confirm.addEventListener('click', async () => {
    confirm.disabled = true;
    try {
      const { subscriptionsRemoved } = await orgs.uninstall(org.id);
      dialog.close();
      toast(
        `Uninstalled ${addonName} from ${org.name}: ${plural(subscriptionsRemoved, 'webhook subscription')} removed; records and its data kept`,
        'success',
      );
    } catch (error) {
      confirm.disabled = false;
      toastError(error);
    }
  });
  return dialog;
}

/**
 * A scope's box and, beneath it, its parts' boxes in words. A `*` stands for every resource: there,
 * each resource's wildcard has its actions on one compact line, folded away unless the grant holds
 * only part of it.
 */
function scopeItem(node: ScopeNode, isNew: boolean): HTMLElement {
  const item = h('li', {}, scopeOption(node.box, node.scope, isNew));
  if (node.scope !== '*') {
    if (node.parts.length) item.append(partList(node, (part) => scopeOption(part.box, part.scope, false)));
    return item;
  }
  const resources = partList(node, (resource) =>
    h('div', {}, scopeOption(resource.box, resource.scope, false), partList(resource, actionOption, true)),
  );
  item.append(
    h(
      'details',
      { class: 'scope-parts', open: node.box.indeterminate },
      h('summary', {}, 'Grant a part, resource by resource'),
      resources,
    ),
  );
  return item;
}

const partList = (node: ScopeNode, option: (part: ScopeNode) => HTMLElement, compact = false) =>
  h(
    'ul',
    { class: `option-list option-parts${compact ? ' compact' : ''}`, 'aria-label': `Parts of ${node.scope}` },
    ...node.parts.map((part) => h('li', {}, option(part))),
  );

/** An action's box inside a resource's line: its name, with what it allows as its title. */
function actionOption(node: ScopeNode): HTMLElement {
  return h(
    'label',
    { class: 'install-option', for: node.box.id, title: scopeWords(node.scope) },
    node.box,
    h('code', {}, node.scope.slice(node.scope.lastIndexOf('.') + 1)),
  );
}

/** One scope to grant: its box, its name and what it allows. */
function scopeOption(box: HTMLInputElement, scope: string, isNew: boolean): HTMLElement {
  return h(
    'label',
    { class: 'install-option', for: box.id },
    box,
    h(
      'span',
      {},
      h('code', {}, scope),
      isNew ? h('span', { class: 'tag new-tag' }, 'new') : null,
      h('span', { class: 'option-words' }, scopeWords(scope)),
    ),
  );
}
