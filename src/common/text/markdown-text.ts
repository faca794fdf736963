import { visible } from './visible-text.js';

/**
 * Text from elsewhere (an add-on's answer, an item of a coverage file) put in markdown so that it
 * shows as it is: never a link, an HTML tag, a column or the end of a code block.
 */

/** A code fence longer than any run of backticks in the block, so that evidence cannot close it early. */
export const fenceFor = (lines: readonly string[]): string =>
  '`'.repeat(Math.max(3, longestBackticks(lines.join('\n')) + 1));

const longestBackticks = (text: string): number =>
  Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));

/**
 * Control characters dropped (they have no place in a page), but tab; the other characters a page
 * would obey or hide (a bidi override, a zero-width space) shown as their escapes (visible-text.ts).
 * Line breaks are handled by whoever calls: split into lines in a block, `<br>` in a table cell.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
export const plain = (text: string): string => visible(text.replace(CONTROL, ''), '\t\r\n');

/**
 * Text that markdown must show as it is, in a table cell or a line: its punctuation escaped with a
 * backslash (which works for any ASCII punctuation, `|` included, also inside a cell), so that an
 * add-on's answer cannot become a link, an HTML tag or a column; line breaks become `<br>`. GitHub
 * makes links of bare URLs, `www.` names and e-mail addresses too (GFM's autolinks): the `:` of a
 * scheme, the `@` of an address and the dot after `www` escaped, none is one any more.
 */
export function inline(text: string): string {
  return plain(text)
    .replace(/[\\`*_[\]<>|&~:@]/g, '\\$&')
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * A code span: backticks around it longer than any inside. In a table a pipe is escaped even here (GFM
 * splits the row before it reads code spans); anywhere else a backslash in a code span is shown.
 */
export function code(text: string, inTable: boolean): string {
  const flat = plain(text).replace(/\r\n|\r|\n/g, ' ');
  const ticks = '`'.repeat(longestBackticks(flat) + 1);
  const padded = flat.startsWith('`') || flat.endsWith('`') ? ` ${flat} ` : flat;
  return `${ticks}${inTable ? padded.replace(/\|/g, '\\|') : padded}${ticks}`;
}
