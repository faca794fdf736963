// Clock tab: the emulated time and the only way to move it, forward (it never goes back). Moving it
// expires tokens, ends rate-limit windows and brings due webhook retries.
import { everySecond, type EmulatedClock } from '../clock';
import { control } from '../control-client';
import { h } from '../dom';
import type { Panel } from '../drawer';
import { dateTime, span } from '../format';
import { toast, toastError } from '../toast';
// Toasts are kept for the add-on's notifications and for errors, so success shows in place.

const STEPS: Array<[string, string]> = [
  ['1m', 'clock-plus-1m'],
  ['5m', 'clock-plus-5m'],
  ['1h', 'clock-plus-1h'],
];

export function createClockPanel(clock: EmulatedClock): Panel {
  const now = h('output', { class: 'clock-now', 'data-testid': 'clock-now' });
  const offset = h('p', { class: 'muted small' });
  const input = h('input', {
    type: 'text',
    'data-testid': 'clock-input',
    id: 'clock-input',
    placeholder: '90s, 5m, 1h30m, 2d',
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: 50,
  });
  const buttons: HTMLButtonElement[] = [];

  const show = () => {
    now.textContent = dateTime(clock.now());
    offset.textContent = clock.offsetMs > 0 ? `${span(clock.offsetMs)} ahead of real time` : 'Same as real time';
  };

  const advance = async (by: string) => {
    buttons.forEach((button) => (button.disabled = true));
    try {
      // The answer carries the new state; the `clock` stream event that follows is then a no-op.
      clock.update(await control.advanceClock(by));
      show();
      return true;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      buttons.forEach((button) => (button.disabled = false));
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const by = input.value.trim();
    if (!by) {
      toast('Enter a duration, e.g. 90s, 5m or 1h30m', 'error');
      return;
    }
    if (await advance(by)) input.value = '';
  };

  for (const [by, testid] of STEPS) {
    buttons.push(
      h(
        'button',
        { type: 'button', class: 'button', 'data-testid': testid, onclick: () => void advance(by) },
        `+${by}`,
      ),
    );
  }
  const submitButton = h(
    'button',
    { type: 'submit', class: 'button primary', 'data-testid': 'clock-advance' },
    'Advance',
  );
  buttons.push(submitButton);

  clock.onChange(show);
  everySecond(show);
  show();

  return {
    element: h(
      'div',
      { class: 'panel clock-panel' },
      h('p', { class: 'detail-label' }, 'Emulated now'),
      now,
      offset,
      h('div', { class: 'button-row' }, ...buttons.slice(0, STEPS.length)),
      h(
        'form',
        { class: 'inline-form', onsubmit: submit },
        h('label', { class: 'field grow' }, h('span', {}, 'Advance by'), input),
        submitButton,
      ),
      h(
        'p',
        { class: 'muted small' },
        'The clock only moves forward. An hour or more expires every token minted before; due webhook retries are sent at once (1m brings attempt 2, 5m more brings attempt 3).',
      ),
    ),
  };
}
