// Faults tab: the fault rules in force, with how often each fired; add one, clear one or all. The
// same rules as `addon faults` (docs/faults.md), through the control API.
import { control } from '../control-client';
import { h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { toastError } from '../toast';
import type { FaultRule, FaultRuleSpec } from '../types';
import { FAULT_EFFECTS } from '../../../src/faults/effects.js';

/** Each effect: its rule key, what it is called here, and what its value is (none for a flag). */
const EFFECTS = FAULT_EFFECTS.map(({ key, label, example, target }) => ({
  key,
  label,
  value: example,
  webhooks: target === 'webhooks',
}));

export interface FaultsPanel extends Panel {
  /** Reloads the rules (their hits change with every call a rule touches). */
  reload(): Promise<void>;
}

export function createFaultsPanel(): FaultsPanel {
  const input = (name: string, placeholder: string) =>
    h('input', { type: 'text', name, placeholder, autocomplete: 'off', 'data-testid': `fault-${name}` });
  const effect = h(
    'select',
    { name: 'effect', 'data-testid': 'fault-effect' },
    ...EFFECTS.map(({ key, label }) => h('option', { value: key }, label)),
  );
  const value = input('value', '503');
  const match = {
    method: input('method', 'any method'),
    path: input('path', '/customers/*'),
    org: input('org', 'any org'),
  };
  const odds = { probability: input('probability', 'probability 1'), times: input('times', 'times: no limit') };
  const event = input('event', 'any event');
  const list = h('ul', { class: 'fault-list' });
  const seed = h('p', { class: 'muted small', 'data-testid': 'fault-seed' });

  const chosen = () => EFFECTS.find(({ key }) => key === effect.value)!;
  const showValue = () => {
    const { value: example, webhooks } = chosen();
    value.hidden = example === undefined;
    value.placeholder = example ?? '';
    event.hidden = !webhooks;
    Object.values(match).forEach((field) => (field.hidden = !!webhooks && field !== match.org));
  };
  effect.addEventListener('change', showValue);

  /** The form as a rule, in the JSON shape every source of rules shares. */
  const ruleOf = (): FaultRuleSpec => {
    const { key, value: example, webhooks } = chosen();
    const text = (field: HTMLInputElement) => field.value.trim() || undefined;
    const number = (field: HTMLInputElement) => (text(field) === undefined ? undefined : Number(text(field)));
    const given = text(value);
    const effectValue = example === undefined ? true : /^\d+$/.test(given ?? '') ? Number(given) : given;
    const rule: Record<string, unknown> = {
      target: webhooks ? 'webhooks' : undefined,
      method: webhooks ? undefined : text(match.method)?.toUpperCase(),
      path: webhooks ? undefined : text(match.path),
      orgId: text(match.org),
      event: webhooks ? text(event) : undefined,
      probability: number(odds.probability),
      times: number(odds.times),
      [key]: effectValue,
    };
    return Object.fromEntries(Object.entries(rule).filter(([, v]) => v !== undefined)) as FaultRuleSpec;
  };

  const row = (rule: FaultRule) =>
    h(
      'li',
      { class: 'fault-row', 'data-testid': 'fault-row', 'data-id': rule.id, 'data-hits': rule.hits },
      h('code', {}, rule.id),
      h('span', { class: 'fault-match' }, matchOf(rule)),
      h('span', { class: 'badge' }, effectOf(rule)),
      h('span', { class: 'muted small' }, `hits ${rule.hits}${rule.times === undefined ? '' : ` of ${rule.times}`}`),
      h('button', { type: 'button', class: 'button small', onclick: () => void clear(rule.id) }, 'Clear'),
    );

  const reload = async () => {
    try {
      const { data, seed: used } = await control.faults();
      replaceChildren(list, ...(data.length ? data.map(row) : [h('li', { class: 'empty muted' }, 'No fault rules.')]));
      seed.textContent = `Seed ${used}: pass --fault-seed ${used} to repeat which calls the probabilities pick.`;
    } catch (error) {
      toastError(error);
    }
  };

  const clear = async (id?: string) => {
    try {
      await control.clearFaults(id);
      await reload();
    } catch (error) {
      toastError(error);
    }
  };

  const submit = async (submitted: Event) => {
    submitted.preventDefault();
    try {
      await control.addFault(ruleOf());
      await reload();
    } catch (error) {
      toastError(error);
    }
  };

  showValue();
  return {
    element: h(
      'div',
      { class: 'panel faults-panel' },
      h(
        'form',
        { class: 'fault-form', onsubmit: submit, 'data-testid': 'fault-form' },
        h('label', { class: 'field' }, h('span', {}, 'Effect'), effect, value),
        h('label', { class: 'field' }, h('span', {}, 'Matches'), match.method, match.path, match.org, event),
        h('label', { class: 'field' }, h('span', {}, 'How often'), odds.probability, odds.times),
        h('button', { type: 'submit', class: 'button primary', 'data-testid': 'fault-add' }, 'Add rule'),
      ),
      list,
      h(
        'div',
        { class: 'button-row' },
        h('button', { type: 'button', class: 'button small', onclick: () => void clear() }, 'Clear all'),
      ),
      seed,
    ),
    onShow: () => void reload(),
    reload,
  };
}

const matchOf = (rule: FaultRule): string =>
  rule.target === 'webhooks'
    ? `webhooks ${rule.event ?? 'any event'}${rule.orgId ? ` in ${rule.orgId}` : ''}`
    : `${rule.method ?? 'any'} ${rule.path ?? '*'}${rule.orgId ? ` in ${rule.orgId}` : ''}`;

const effectOf = (rule: FaultRule): string => {
  const parts = EFFECTS.filter(({ key }) => rule[key] !== undefined).map(({ key }) =>
    rule[key] === true ? key : `${key} ${rule[key]}`,
  );
  return parts.join(' + ') + (rule.probability < 1 ? ` (p ${rule.probability})` : '');
};
