import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.js';

/** A piece of a doc that states one thing: a sentence of prose, a table row, a line of code. */
export interface Passage {
  /** `docs/api.md:41`, where the passage starts. */
  where: string;
  text: string;
}

/**
 * The docs a user reads for what the emulator does now. performance.md is left out: it records
 * measurements as they were taken, with the records of their day.
 */
export const DOC_FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'performance.md')
    .map((name) => `docs/${name}`),
];

export const readDoc = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** Every passage of every doc. */
export const allPassages = (): Passage[] => DOC_FILES.flatMap((file) => passages(file, readDoc(file)));

/**
 * A doc cut into passages: a list that wraps over lines of prose is one passage, and two facts in
 * two sentences or two table rows are two.
 */
export function passages(file: string, text: string): Passage[] {
  const lines = text.split('\n');
  const found: Passage[] = [];
  let paragraph: { start: number; text: string } | null = null;
  let inCode = false;
  const endParagraph = () => {
    if (paragraph) found.push(...sentences(file, paragraph.start, paragraph.text));
    paragraph = null;
  };
  lines.forEach((line, i) => {
    const single = { where: `${file}:${i + 1}`, text: line };
    if (line.startsWith('```')) {
      endParagraph();
      inCode = !inCode;
    } else if (inCode || line.startsWith('|') || line.startsWith('#')) {
      endParagraph();
      found.push(single);
    } else if (!line.trim() || /^\s*[-*] /.test(line)) {
      endParagraph();
      if (line.trim()) paragraph = { start: i, text: line };
    } else if (paragraph) paragraph.text += `\n${line}`;
    else paragraph = { start: i, text: line };
  });
  endParagraph();
  return found;
}

function sentences(file: string, start: number, text: string): Passage[] {
  const found: Passage[] = [];
  let offset = 0;
  for (const sentence of text.split(/(?<=[.!?])\s+(?=[A-Z(`*[])/)) {
    const line = start + text.slice(0, text.indexOf(sentence, offset)).split('\n').length;
    found.push({ where: `${file}:${line}`, text: sentence.replace(/\n/g, ' ') });
    offset = text.indexOf(sentence, offset) + sentence.length;
  }
  return found;
}

/** A table of a doc: its rows (the header first, the |---| line left out), each a list of cells. */
export interface Table {
  where: string;
  rows: string[][];
}

/** Every table of every doc. */
export const allTables = (): Table[] => DOC_FILES.flatMap((file) => tables(file, readDoc(file)));

export function tables(file: string, text: string): Table[] {
  const found: Table[] = [];
  let current: Table | null = null;
  text.split('\n').forEach((line, i) => {
    if (!line.startsWith('|')) return void (current = null);
    if (!current) found.push((current = { where: `${file}:${i + 1}`, rows: [] }));
    if (!/^\|[-| :]+\|$/.test(line)) current.rows.push(cells(line));
  });
  return found;
}

/** The cells of a table row; `\|` inside a cell is text, not a border. */
const cells = (row: string): string[] =>
  row
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());
