// Coverage tab: what this emulator has met of the platform's surface so far (docs/coverage.md), per
// dimension covered of total, the gaps first, then what was met and how often. Read when the tab is
// shown and on a resync, kept live by the stream's `coverage` event.
import { sayCount } from '../../../src/bridge/bridge-budget.js';
import { DIMENSIONS, type Dimension } from '../../../src/coverage/coverage-file.js';
import { sayPercent, shareOf } from '../../../src/coverage/share.js';
import { control, ControlError } from '../control-client';
import { h, replaceChildren } from '../dom';
import type { Panel } from '../drawer';
import { dateTime } from '../format';
import type { ChangedHits, CoverageNow } from '../types';

export interface CoveragePanel extends Panel {
  /** A stream's `coverage` event: the items changed, with their new totals. */
  update(changed: ChangedHits): void;
  /** Reads it again, if it was ever read (a resync). */
  resync(): void;
}

const TITLES: Readonly<Record<Dimension, string>> = {
  operations: 'Operations',
  responses: 'Responses',
  events: 'Events',
  bridge: 'Bridge messages',
  scopes: 'Scopes',
  time: 'Time',
};

/** As `addon coverage` says it. */
const percent = (covered: number, total: number) => sayPercent(shareOf(covered, total));

/** Each dimension's items and how often each was met. A Map: an item's words are data, whatever they say. */
type Counts = Record<Dimension, Map<string, number>>;

export function createCoveragePanel(): CoveragePanel {
  let now: { answer: CoverageNow; counts: Counts } | null = null;
  let loaded = false;
  const body = h('div', { class: 'coverage-body', 'data-testid': 'coverage-body' });
  const note = h('p', { class: 'muted small', 'data-testid': 'coverage-note' }, 'Reading what the emulator met…');

  const render = () => {
    if (!now) return;
    const { answer, counts } = now;
    note.textContent = `Since ${dateTime(answer.startedAt)} (emulated), kept live. ${
      answer.dir
        ? `Written to ${answer.dir} when the emulator closes.`
        : 'Written to no file (addon dev --coverage DIR writes one).'
    }`;
    replaceChildren(
      body,
      summaryView(answer.surface, counts),
      ...DIMENSIONS.map((dimension) => dimensionView(dimension, answer.surface[dimension], counts[dimension])),
      seenView(answer.seen),
    );
  };

  const count = (counts: Counts, changed: ChangedHits) => {
    for (const dimension of DIMENSIONS)
      for (const [item, total] of Object.entries(changed[dimension] ?? {})) raise(counts[dimension], item, total);
  };

  const read = async () => {
    loaded = true;
    try {
      const answer = await control.coverage();
      const counts = Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, new Map()])) as Counts;
      count(counts, answer.hits);
      // An event that came while the answer was on its way keeps what it said.
      if (now)
        for (const dimension of DIMENSIONS)
          for (const [item, total] of now.counts[dimension]) raise(counts[dimension], item, total);
      now = { answer, counts };
      render();
    } catch (error) {
      note.textContent =
        error instanceof ControlError && error.code === 'coverage_off'
          ? 'This emulator records no coverage (coverage: false).'
          : `Cannot read coverage: ${(error as Error).message}`;
    }
  };

  return {
    // Focusable: a long list scrolls, and has little else to reach with the keyboard.
    element: h('div', { class: 'panel coverage-panel', tabindex: 0 }, note, body),
    // Each time, not only the first: what was seen besides comes with no event.
    onShow: () => void read(),
    resync: () => {
      if (loaded) void read();
    },
    update(changed) {
      if (!now) return;
      count(now.counts, changed);
      render();
    },
  };
}

/** Sets an item's total: totals only grow, so the greater of two is the newer. */
function raise(counts: Map<string, number>, item: string, total: number) {
  if (total > (counts.get(item) ?? 0)) counts.set(item, total);
}

/** How many of a dimension's items were met. */
const metOf = (surface: string[], hits: Map<string, number>) =>
  surface.filter((item) => (hits.get(item) ?? 0) > 0).length;

/** Every dimension's share in one table, above the lists. */
function summaryView(surface: CoverageNow['surface'], counts: Counts): HTMLElement {
  return h(
    'table',
    { class: 'coverage-summary', 'data-testid': 'coverage-summary' },
    h('caption', { class: 'muted small' }, 'Met of the surface, by dimension'),
    h(
      'thead',
      {},
      h('tr', {}, ...['Dimension', 'Met', 'Of', 'Share'].map((title) => h('th', { scope: 'col' }, title))),
    ),
    h(
      'tbody',
      {},
      ...DIMENSIONS.map((dimension) => {
        const covered = metOf(surface[dimension], counts[dimension]);
        return h(
          'tr',
          { 'data-dimension': dimension },
          h('th', { scope: 'row' }, TITLES[dimension]),
          h('td', {}, covered),
          h('td', {}, surface[dimension].length),
          h('td', {}, percent(covered, surface[dimension].length)),
        );
      }),
    ),
  );
}

/** A dimension: its share, then its items, the gaps first, each marked in words and a symbol. */
function dimensionView(dimension: Dimension, surface: string[], hits: Map<string, number>): HTMLElement {
  const met = (item: string) => (hits.get(item) ?? 0) > 0;
  const gaps = surface.filter((item) => !met(item));
  const covered = metOf(surface, hits);
  const heading = `coverage-${dimension}`;
  return h(
    'section',
    {
      class: 'coverage-dimension',
      'data-testid': 'coverage-dimension',
      'data-dimension': dimension,
      'aria-labelledby': heading,
    },
    h(
      'h2',
      { id: heading },
      TITLES[dimension],
      ' ',
      h(
        'span',
        { class: 'coverage-share', 'data-testid': 'coverage-share' },
        `${covered} of ${surface.length} · ${percent(covered, surface.length)}`,
      ),
    ),
    surface.length
      ? h(
          'ul',
          { class: 'coverage-items' },
          ...gaps.map((item) => itemView(item, 0)),
          ...surface.filter(met).map((item) => itemView(item, hits.get(item)!)),
        )
      : h('p', { class: 'muted small' }, 'Nothing to cover.'),
  );
}

function itemView(item: string, count: number): HTMLElement {
  return h(
    'li',
    {
      class: count ? 'coverage-item met' : 'coverage-item never',
      'data-testid': 'coverage-item',
      'data-item': item,
      'data-count': count,
    },
    h('span', { class: 'coverage-mark', 'aria-hidden': 'true' }, count ? '✓' : '✗'),
    h('code', {}, item),
    h(
      'span',
      { class: 'coverage-count' },
      count ? `met, ${sayCount(count)} time${count === 1 ? '' : 's'}` : 'never met',
    ),
  );
}

/** What was seen that is no goal to cover: denied scopes, the bridge's warnings, ... */
function seenView(seen: CoverageNow['seen']): HTMLElement | null {
  const kinds = Object.entries(seen);
  if (kinds.length === 0) return null;
  return h(
    'section',
    { class: 'coverage-dimension', 'data-testid': 'coverage-seen', 'aria-labelledby': 'coverage-seen' },
    h('h2', { id: 'coverage-seen' }, 'Seen besides'),
    ...kinds.map(([kind, items]) =>
      h(
        'div',
        {},
        h('h3', {}, kind),
        h(
          'ul',
          { class: 'coverage-items' },
          ...Object.entries(items).map(([what, count]) =>
            h(
              'li',
              { class: 'coverage-item', 'data-testid': 'coverage-seen-item' },
              h('code', {}, what),
              h('span', { class: 'coverage-count' }, `${sayCount(count)} time${count === 1 ? '' : 's'}`),
            ),
          ),
        ),
      ),
    ),
  );
}
