// The Session tab's least-privilege report (what `addon scopes` prints): per scope, declared, granted,
// used by calls that succeeded and refused; and the smallest "scopes" that covers what was used.
import { control } from '../control-client';
import { h, replaceChildren } from '../dom';
import { scrollBox } from '../scroll-box';
import type { ScopeReport } from '../types';

export interface ScopeUsageView {
  element: HTMLElement;
  /** Asks the emulator again (after API calls). */
  reload(): Promise<void>;
}

export function createScopeUsage(): ScopeUsageView {
  const body = h('tbody');
  const needed = h('code', { 'data-testid': 'scopes-needed' });
  const refused = h('p', { class: 'muted small', 'data-testid': 'scopes-refused', hidden: true });
  const calls = h('p', { class: 'muted small' });

  const show = (report: ScopeReport) => {
    const yes = (value: boolean) => h('td', { class: value ? '' : 'muted' }, value ? 'yes' : 'no');
    replaceChildren(
      body,
      ...report.scopes.map((row) =>
        h(
          'tr',
          { 'data-testid': 'scope-usage', 'data-scope': row.scope },
          h('td', {}, h('code', {}, row.scope)),
          yes(row.declared),
          yes(row.granted),
          h('td', {}, String(row.used)),
          h('td', { class: row.refused ? 'refused' : '' }, String(row.refused)),
        ),
      ),
    );
    needed.textContent = JSON.stringify(report.needed);
    refused.hidden = report.refused.length === 0;
    refused.textContent = `Refused for want of ${report.refused.join(', ')}: add them if the add-on needs those calls.`;
    calls.textContent = `${report.calls} call${report.calls === 1 ? '' : 's'} since the emulator started (addon scopes).`;
  };

  return {
    element: h(
      'section',
      { class: 'scope-usage' },
      h('h2', {}, 'Scopes used'),
      calls,
      scrollBox(
        'Scopes used',
        '',
        h(
          'table',
          { class: 'scope-usage-table' },
          h(
            'thead',
            {},
            h('tr', {}, ...['Scope', 'Declared', 'Granted', 'Used', 'Refused'].map((t) => h('th', {}, t))),
          ),
          body,
        ),
      ),
      h('p', { class: 'small' }, 'Smallest "scopes" for addon.config.json: ', needed),
      refused,
    ),
    reload: () => control.scopes().then(show),
  };
}
