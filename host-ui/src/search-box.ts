// The top bar's search: finds the organization's records (GET /_emulator/search) and opens one's
// page. A combobox with a listbox popup of the WAI-ARIA Authoring Practices: the focus stays in the
// input while the arrows move the active option (aria-activedescendant), Enter opens it (or the
// first), Escape closes the list and a second one clears the box. `/` anywhere but in a field
// focuses it; keys typed in the add-on's frame never reach this document, so they stay the add-on's.
// Below 1180 px (styles.css) it folds into a button that opens it over the top bar.
import { h, replaceChildren } from './dom';
import { icon } from './icons';
import type { SearchAnswer, SearchResult } from './types';

/**
 * How long typing pauses before the box asks: one request per pause, not per key. Real time by
 * nature, a person's typing, not the emulated clock's.
 */
const TYPING_PAUSE_MS = 150;

export function createSearchBox(options: {
  search(query: string): Promise<SearchAnswer>;
  /** Shows a result's record page (its in-app path) and gives it the focus. */
  open(path: string): void;
}): HTMLElement {
  const list = h('ul', {
    class: 'search-results',
    id: 'search-results',
    role: 'listbox',
    'aria-label': 'Records found',
    'data-testid': 'search-results',
    hidden: true,
  });
  const input = h('input', {
    type: 'search',
    class: 'search-input',
    id: 'search-input',
    role: 'combobox',
    'aria-label': 'Search records',
    'aria-expanded': 'false',
    'aria-controls': 'search-results',
    'aria-autocomplete': 'list',
    'aria-keyshortcuts': '/',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'Search invoices, customers…',
    'data-testid': 'search-input',
  });
  const status = h('p', { class: 'search-status', role: 'status', 'data-testid': 'search-status' });
  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'topbar-button search-toggle',
      'aria-label': 'Search records',
      title: 'Search records (/)',
      'data-testid': 'search-toggle',
      onclick: () => unfold(),
    },
    icon('search', 16),
  );
  const root = h(
    'div',
    { class: 'search', 'data-open': 'false' },
    toggle,
    h('div', { class: 'search-field' }, icon('search', 15), input, list, status),
  );

  let results: SearchResult[] = [];
  let active = -1;
  /** The latest query's number: an answer to an earlier one arrives stale and is dropped. */
  let asked = 0;
  let pause: ReturnType<typeof setTimeout> | undefined;

  const optionElements = () => [...list.children] as HTMLElement[];
  const setActive = (index: number) => {
    active = index;
    optionElements().forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    const option = optionElements()[index];
    if (option) {
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const setListOpen = (open: boolean) => {
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    if (!open) setActive(-1);
  };
  const unfold = () => {
    root.dataset.open = 'true';
    input.focus();
    input.select();
  };
  const fold = () => {
    root.dataset.open = 'false';
    setListOpen(false);
  };

  const show = (answer: SearchAnswer, query: string) => {
    results = answer.data;
    replaceChildren(
      list,
      ...results.map((result, i) =>
        h(
          'li',
          {
            id: `search-option-${i}`,
            class: 'search-option',
            role: 'option',
            'aria-selected': 'false',
            'data-testid': 'search-option',
            onclick: () => choose(result),
          },
          h('span', { class: 'search-title' }, result.title),
          h('span', { class: 'search-subtitle' }, result.subtitle),
        ),
      ),
    );
    setListOpen(results.length > 0);
    status.dataset.empty = String(results.length === 0);
    status.textContent =
      results.length === 0
        ? `No matches for “${query}”`
        : `${answer.total} ${answer.total === 1 ? 'match' : 'matches'}${answer.total > results.length ? `, the first ${results.length} shown` : ''}`;
  };
  const clearResults = () => {
    asked++;
    results = [];
    replaceChildren(list);
    setListOpen(false);
    status.textContent = '';
    status.dataset.empty = 'false';
  };
  const ask = (query: string) => {
    const mine = ++asked;
    options.search(query).then(
      (answer) => mine === asked && show(answer, query),
      (error: Error) => {
        if (mine !== asked) return;
        clearResults();
        status.dataset.empty = 'true';
        status.textContent = `Search failed: ${error.message}`;
      },
    );
  };

  const choose = (result: SearchResult | undefined) => {
    if (!result) return;
    clearResults();
    input.value = '';
    fold();
    options.open(result.path);
  };

  input.addEventListener('input', () => {
    clearTimeout(pause);
    const query = input.value.trim();
    if (!query) return clearResults();
    pause = setTimeout(() => ask(query), TYPING_PAUSE_MS);
  });
  input.addEventListener('keydown', (event) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      if (results.length === 0) return;
      setListOpen(true);
      // From no active option, down goes to the first and up to the last; both wrap around.
      const from = active === -1 ? (step > 0 ? -1 : results.length) : active;
      setActive((from + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[Math.max(active, 0)]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      escape();
    }
  });
  /** One step back at a time: the open list, then the text, then the unfolded box (narrow windows). */
  const escape = () => {
    if (!list.hidden) return setListOpen(false);
    if (input.value) {
      input.value = '';
      return clearResults();
    }
    if (root.dataset.open === 'true') {
      fold();
      if (getComputedStyle(toggle).display !== 'none') toggle.focus();
    }
  };
  // A click on an option must not take the focus from the input first (that would close the list).
  list.addEventListener('mousedown', (event) => event.preventDefault());
  root.addEventListener('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    fold();
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (isTyping(event.target)) return;
    event.preventDefault();
    unfold();
  });
  return root;
}

/** Where `/` is a character being typed, not the shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.matches('input, textarea, select');
}
