// docs/templates.md and docs/testing.md show the vite-ts template's unit test as the pattern to copy: every line of its
// excerpt is a line of the template's file (its placeholder filled as `addon init my-addon` fills it),
// so the doc cannot drift from the test it shows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

it.each([
  ['docs/templates.md', '## Unit tests of the component: mockHost()'],
  ['docs/testing.md', "## mockHost(): a host for a component's unit test"],
])("%s's excerpt of the component's unit test is the template's own code", (path, heading) => {
  const doc = read(path);
  expect(doc).toContain(heading);
  const section = doc.slice(doc.indexOf(heading));
  const excerpt = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const file = read('templates/vite-ts/test/customers-view.unit.test.ts').replaceAll('{{name}}', 'my-addon');
  const lines = new Set(file.split('\n'));
  expect(excerpt.split('\n').filter((line) => line.trim() !== '').length).toBeGreaterThan(10);
  expect(excerpt.split('\n').filter((line) => line.trim() !== '' && !lines.has(line))).toEqual([]);
});
