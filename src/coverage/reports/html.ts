import { escapeHtml } from '../../common/text/html-text.js';
import { listed } from '../gaps.js';
import { anyOperationResponses, eventMatrix, responseMatrix, type Matrix } from '../matrix.js';
import { provenance, type CoverageReport } from '../report.js';
import { sayPercent } from '../share.js';
import type { DimensionSummary } from '../summary.js';

/**
 * The report as one self-contained page (no script, no resource from elsewhere): the shares with
 * bars, the gaps, and tables a person takes in at a glance, each cell coloured and said in a symbol
 * and words (never colour alone). Real table markup, so a screen reader walks it; every item is
 * escaped, as it comes from a file.
 */
export function htmlReport(report: CoverageReport): string {
  const title = `Platform coverage of ${report.appIds.join(', ')}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(provenance(report))}; emulated time ${escapeHtml(report.startedAt)} to ${escapeHtml(report.endedAt)}.</p>
</header>
<main>
${section('shares', 'Coverage by dimension', sharesTable(report))}
${gapsSection(report)}
${section('responses', 'Operations × responses', withLegend('a response of this operation', matrixTable('responses', responseMatrix(report), report)))}
${section('refusals', 'Session token refusals, on any operation', itemTable('refusals', 'Response', anyOperationResponses(report)))}
${section('events', 'Events × states', withLegend('a state of this event', matrixTable('events', eventMatrix(report), report)))}
${section('bridge', 'Bridge messages', itemTable('bridge', 'Message', itemsOf(report, 'bridge')))}
${section('scopes', 'Scopes', itemTable('scopes', 'Scope', itemsOf(report, 'scopes')))}
${section('time', 'Time', itemTable('time', 'What happened', itemsOf(report, 'time')))}
${seenSection(report)}
</main>
</body>
</html>
`;
}

const itemsOf = (report: CoverageReport, dimension: string) =>
  report.dimensions.find((summary) => summary.dimension === dimension)!.items;

const section = (id: string, heading: string, body: string): string =>
  body ? `<section aria-labelledby="${id}"><h2 id="${id}">${heading}</h2>\n${body}</section>` : '';

function sharesTable(report: CoverageReport): string {
  const row = ({ dimension, covered, total, percent }: DimensionSummary) => {
    const least = report.minimum[dimension];
    const below = report.missed.some((missed) => missed.dimension === dimension);
    const share = total ? (covered * 100) / total : 0;
    const minimum =
      least === undefined
        ? '<td>none set</td>'
        : below
          ? `<td class="never"><span aria-hidden="true">✗ </span>below ${least}%</td>`
          : `<td class="met"><span aria-hidden="true">✓ </span>met ${least}%</td>`;
    return `<tr${below ? ' class="below"' : ''}><th scope="row">${dimension}</th><td class="number">${covered} of ${total}</td><td><span class="bar" aria-hidden="true"><span style="width:${share.toFixed(1)}%"></span></span> ${sayPercent(percent)}</td>${minimum}</tr>`;
  };
  return scrolling(
    'shares',
    `<table class="shares">
<thead><tr><th scope="col">Dimension</th><th scope="col">Covered</th><th scope="col">Share</th><th scope="col">Minimum</th></tr></thead>
<tbody>
${report.dimensions.map(row).join('\n')}
</tbody>
</table>
`,
  );
}

function gapsSection(report: CoverageReport): string {
  const gaps = report.dimensions.flatMap(({ dimension, gaps }) =>
    gaps.map((gap) => `<li><strong>${dimension}:</strong> ${escapeHtml(gap)}</li>`),
  );
  const missed = report.missed.map(({ message }) => `<p class="missed">${escapeHtml(message)}</p>`);
  return gaps.length
    ? `<section aria-labelledby="gaps" class="gaps"><h2 id="gaps">Gaps</h2>\n${missed.join('\n')}<ul>\n${gaps.join('\n')}\n</ul></section>`
    : '';
}

/** What a table's cells say, above it (nothing when there is no table). */
const withLegend = (none: string, table: string): string =>
  table &&
  `<p class="legend"><span class="met">✓ met, how often</span> <span class="never">✗ never met</span> <span class="none">· not ${none}</span></p>\n${table}`;

/** A cell: coloured, and said in a symbol and in words. */
function cell(count: number | null): string {
  if (count === null) return '<td class="none"><span aria-hidden="true">·</span><span class="sr">none</span></td>';
  if (count > 0)
    return `<td class="met"><span aria-hidden="true">✓ </span>${count}<span class="sr"> ${count === 1 ? 'time' : 'times'}</span></td>`;
  return '<td class="never"><span aria-hidden="true">✗</span><span class="sr">never</span></td>';
}

/** A wide table scrolls in a region of its own that a keyboard can reach, named apart from its section. */
const scrolling = (id: string, table: string): string =>
  `<div class="scroll" role="region" aria-label="table of ${id}" tabindex="0">\n${table}</div>\n`;

function matrixTable(id: string, matrix: Matrix | null, report: CoverageReport): string {
  if (!matrix) return itemTable(id, 'Item', itemsOf(report, id));
  if (!matrix.cells.length) return '';
  const header = matrix.columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
  const rows = matrix.cells.map(({ name, counts }) => {
    const never = counts.every((count) => !count);
    return `<tr${never ? ' class="untouched"' : ''}><th scope="row"><code>${escapeHtml(name)}</code></th>${counts.map(cell).join('')}</tr>`;
  });
  return scrolling(
    id,
    `<table class="matrix">\n<thead><tr><th scope="col">${matrix.rows}</th>${header}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>\n`,
  );
}

function itemTable(id: string, title: string, items: ReadonlyArray<[string, number]>): string {
  if (!items.length) return '';
  const rows = items.map(
    ([item, count]) => `<tr><th scope="row"><code>${escapeHtml(item)}</code></th>${cell(count)}</tr>`,
  );
  return scrolling(
    id,
    `<table class="items">\n<thead><tr><th scope="col">${title}</th><th scope="col">Met</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>\n`,
  );
}

/** What was seen besides the surface: no goal, so no colour of one. */
function seenSection(report: CoverageReport): string {
  const kinds = Object.entries(report.seen).map(([kind, counts]) => {
    const said = Object.entries(counts).map(([item, count]) => `${escapeHtml(item)} (${count})`);
    return `<li><strong>${escapeHtml(kind)}:</strong> ${listed(said, 50)}</li>`;
  });
  return section('seen', 'Seen besides', kinds.length ? `<ul>\n${kinds.join('\n')}\n</ul>\n` : '');
}

const STYLE = `
:root { color: #1f2937; background: #ffffff; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; }
header p { margin: 0; color: #4b5563; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d1d5db; padding: .25rem .5rem; text-align: left; vertical-align: top; }
thead th { background: #f3f4f6; }
.matrix thead th { font-size: .85rem; white-space: nowrap; }
.matrix td, .matrix th code { text-align: center; white-space: nowrap; }
code { font: .85rem ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
.met { background: #dcfce7; color: #14532d; }
.never { background: #fee2e2; color: #7f1d1d; font-weight: 600; }
.none { color: #4b5563; }
tr.untouched th { background: #fee2e2; color: #7f1d1d; }
.number { text-align: right; }
.bar { display: inline-block; width: 8rem; height: .7rem; background: #e5e7eb; border: 1px solid #6b7280; vertical-align: middle; }
.bar span { display: block; height: 100%; background: #15803d; }
tr.below .bar span { background: #b91c1c; }
.gaps { background: #fff7ed; border-left: .35rem solid #b45309; padding: .25rem 1rem .5rem; }
.missed { color: #7f1d1d; font-weight: 600; }
.legend span { display: inline-block; padding: 0 .4rem; margin-right: .5rem; border: 1px solid #d1d5db; }
/* Relative: the cells' screen-reader words (.sr) are absolute, and would otherwise widen the page past a phone's width. */
.scroll { overflow-x: auto; max-width: 100%; position: relative; }
.scroll:focus { outline: 2px solid #1d4ed8; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
