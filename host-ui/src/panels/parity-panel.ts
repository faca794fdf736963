// Parity tab: where the add-on leans on the emulator's leniency (docs/parity.md). Each kind once,
// with what the platform does instead and how often it happened; with --strict, a note that such
// things are refused instead.
import { control } from '../control-client';
import { h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { dateTime } from '../format';
import type { ParityWarning } from '../types';

export interface ParityPanel extends Panel {
  add(warning: ParityWarning): void;
  reload(): Promise<void>;
  onCount(listener: (count: number) => void): void;
}

export function createParityPanel(strict: boolean): ParityPanel {
  const warnings = new Map<string, ParityWarning>();
  const listeners: Array<(count: number) => void> = [];
  const list = h('ul', { class: 'parity-list', 'data-testid': 'parity-list' });
  const empty = h(
    'p',
    { class: 'empty muted' },
    strict
      ? 'Strict: what the platform would refuse is refused (addon dev --strict).'
      : 'Nothing yet: the add-on has done nothing here that the platform would not take.',
  );

  const render = () => {
    replaceChildren(
      list,
      ...[...warnings.values()].map((warning) =>
        h(
          'li',
          { class: 'parity-row', 'data-testid': 'parity-warning', 'data-kind': warning.kind },
          h('p', { class: 'parity-message' }, warning.message),
          h('p', { class: 'muted small' }, `The platform ${warning.platform}. With --strict: ${warning.strict}.`),
          h(
            'p',
            { class: 'muted small', 'data-testid': 'parity-since' },
            `${warning.count} time${warning.count === 1 ? '' : 's'} since ${dateTime(warning.at)} (emulated)`,
          ),
        ),
      ),
    );
    empty.hidden = warnings.size > 0;
    listeners.forEach((listener) => listener(warnings.size));
  };

  async function reload(): Promise<void> {
    const { data } = await control.parity();
    warnings.clear();
    for (const warning of data) warnings.set(warning.kind, warning);
    render();
  }

  return {
    // Focusable: a long list scrolls, and has nothing else to reach with the keyboard.
    element: h('div', { class: 'panel parity-panel', tabindex: 0 }, empty, list),
    add(warning) {
      warnings.set(warning.kind, warning);
      render();
    },
    reload,
    // Counts change without a stream event (only the first of a kind is announced).
    onShow: () => void reload().catch(() => {}),
    onCount: (listener) => void listeners.push(listener),
  };
}
