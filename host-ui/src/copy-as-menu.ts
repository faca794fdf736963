// "Copy as" on an audit row, a delivery and a fired event: curl, an `addon` command line or a vitest
// test (src/snippets makes them; the tests call the same functions). A small disclosure, its buttons
// named in words, that closes as a menu does: on Escape (the focus back on its summary) and once the
// focus leaves it. The clipboard is asked first; when it is refused (a browser's permission, an
// insecure origin) the text is shown selected in a dialog, which keeps the focus within it.
import { copyAs, SNIPPET_KINDS, type Copied, type SnippetKind } from '../../src/snippets/copy-as.js';
import { h } from './dom';
import { keepFocusIn } from './modal-focus';
import { toast } from './toast';

/** The menu for what `copied` gives when a button is pressed (the item as it is by then). */
export function copyAsMenu(copied: () => Copied, what: string): HTMLElement {
  const menu = h(
    'details',
    { class: 'copy-as', 'data-testid': 'copy-as' },
    h('summary', { 'aria-label': `Copy as… (${what})` }, 'Copy as…'),
    h(
      'span',
      { class: 'copy-as-buttons' },
      ...SNIPPET_KINDS.map(({ kind, label }) =>
        h(
          'button',
          {
            type: 'button',
            class: 'button small',
            'data-testid': `copy-as-${kind}`,
            'aria-label': `Copy ${what} as ${label}`,
            onclick: () => void copy(kind, label, copied()),
          },
          label,
        ),
      ),
    ),
  );
  closesAsAMenu(menu);
  return menu;
}

/** Escape closes the disclosure with the focus on its summary; so does the focus going elsewhere. */
function closesAsAMenu(menu: HTMLDetailsElement): void {
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.open) return;
    event.stopPropagation(); // the drawer's own Escape (below 900 px) is for when no menu is open
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
  menu.addEventListener('focusout', (event) => {
    if (!menu.contains(event.relatedTarget as Node | null)) menu.open = false;
  });
}

async function copy(kind: SnippetKind, label: string, copied: Copied): Promise<void> {
  const text = copyAs(kind, copied, { emulatorUrl: location.origin });
  try {
    await navigator.clipboard.writeText(text);
    toast(`Copied as ${label}`, 'success');
  } catch {
    showToCopy(text, label);
  }
}

/** The snippet in a dialog, selected: what is left to do when the clipboard is refused. */
function showToCopy(text: string, label: string): void {
  const area = h('textarea', {
    class: 'copy-as-text',
    'data-testid': 'copy-as-text',
    readonly: true,
    rows: 10,
    spellcheck: 'false',
    'aria-label': `The snippet as ${label}`,
  });
  area.value = text;
  const dialog = h(
    'dialog',
    { class: 'confirm-dialog copy-as-dialog', 'data-testid': 'copy-as-dialog', 'aria-labelledby': 'copy-as-title' },
    h('h2', { id: 'copy-as-title' }, `Copy as ${label}`),
    h('p', {}, 'The clipboard was refused: the text is selected, copy it with Ctrl+C (⌘C).'),
    area,
    h(
      'div',
      { class: 'button-row' },
      h('button', { type: 'button', class: 'button', onclick: () => dialog.close() }, 'Close'),
    ),
  );
  dialog.addEventListener('close', () => dialog.remove());
  keepFocusIn(dialog);
  document.body.append(dialog);
  dialog.showModal();
  area.select();
}
