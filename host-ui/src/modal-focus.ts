// A modal dialog keeps the focus within it, as the WAI-ARIA Authoring Practices' modal dialog does:
// showModal() makes the page behind it inert, but Tab past its last control still leaves the
// document (for the browser's own bar), and a keyboard user loses their place.

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex="0"]';

/** Tab from the dialog's last control goes to its first, Shift+Tab from its first to its last. */
export function keepFocusIn(dialog: HTMLDialogElement): void {
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const controls = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    const edge = event.shiftKey ? controls[0] : controls[controls.length - 1];
    if (document.activeElement !== edge) return;
    event.preventDefault();
    (event.shiftKey ? controls[controls.length - 1] : controls[0]).focus();
  });
}
