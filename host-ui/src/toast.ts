// Toasts, stacked at the bottom right of the page (styles.css says why). Used for the add-on's
// `service:notify` and for control API errors. The element's text is exactly the message as shown
// (tests read it): cut to the length the host shows (a word of megabytes froze the page while it was
// laid out), the close mark drawn by CSS.
import { cut } from '../../src/bridge/bridge-budget.js';
import { h } from './dom';

export type ToastLevel = 'success' | 'warning' | 'error' | 'info';

const DURATION_MS = 5000;
const MAX_VISIBLE = 5;

let stack: HTMLElement | null = null;

function container(): HTMLElement {
  if (!stack) {
    stack = document.createElement('div');
    stack.className = 'toast-stack';
    document.body.appendChild(stack);
  }
  return stack;
}

export function toast(message: string, level: ToastLevel = 'info'): void {
  const element = document.createElement('div');
  element.className = `toast toast-${level}`;
  element.dataset.testid = 'toast';
  element.dataset.level = level;
  // Errors and warnings interrupt screen readers; the rest wait their turn.
  element.setAttribute('role', level === 'error' || level === 'warning' ? 'alert' : 'status');
  element.title = 'Click to dismiss';
  element.textContent = cut(message);

  const dismiss = () => element.remove();
  element.addEventListener('click', dismiss);
  // A button too, for the keyboard, of at least 24 px (WCAG 2.2's target size); its mark is drawn
  // by CSS, so the toast's text stays the message.
  element.append(
    h('button', { type: 'button', class: 'toast-close', 'aria-label': 'Dismiss', 'data-testid': 'toast-close' }),
  );
  const parent = container();
  // Not while the reader points at the toasts or is in them by keyboard (WCAG 2.2's timing
  // adjustable): then a while later.
  const expire = () => (parent.matches(':hover, :focus-within') ? window.setTimeout(expire, DURATION_MS) : dismiss());
  window.setTimeout(expire, DURATION_MS);

  parent.appendChild(element);
  // A burst of notifications must not cover the page: the oldest go first.
  while (parent.childElementCount > MAX_VISIBLE) parent.firstElementChild?.remove();
}

/** Shows a failed call's message (the control API's `message` field, see control-client.ts). */
export function toastError(error: unknown): void {
  toast(error instanceof Error ? error.message : String(error), 'error');
}
