import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { color } from '../../src/cli/output.js';
import { readCoverageFiles } from '../../src/coverage/read-coverage.js';
import { coverageReport } from '../../src/coverage/report.js';
import { markdownReport } from '../../src/coverage/reports/markdown.js';
import { terminalReport } from '../../src/coverage/reports/terminal.js';
import { gfmHtmlOf } from '../gfm.js';
import { cleanUp, ROOT, tempDir } from '../helpers.js';

afterEach(cleanUp);

const SUITE = join(ROOT, 'test', 'fixtures', 'coverage', 'suite');
const report = async (dirs = [SUITE]) => coverageReport(await readCoverageFiles(dirs, ROOT), { responses: 40 }, ROOT);

describe('the markdown report', () => {
  it('the shares and minimums, the gaps, then each table folded', async () => {
    const markdown = markdownReport(await report());
    expect(markdown.split('\n').slice(0, 13)).toEqual([
      '## addon coverage',
      '',
      '2 files (addon exec, startEmulator) of com.example.demo-addon; emulated time 2026-11-27T08\\:59\\:58.000Z to 2026-11-27T09\\:04\\:10.250Z',
      '',
      '| Dimension | Covered | Share | Minimum |',
      '| --- | --- | --- | --- |',
      '| operations | 6 of 8 | 75% |  |',
      '| responses | 10 of 68 | **14.7%** | ❌ below 40% |',
      '| events | 7 of 15 | 46.6% |  |',
      '| bridge | 4 of 8 | 50% |  |',
      '| scopes | 5 of 6 | 83.3% |  |',
      '| time | 2 of 3 | 66.6% |  |',
      '',
    ]);
    expect(markdown).toContain('- **responses:** no test met 409 on any operation');
    expect(markdown).toContain(
      '| Operation | called | 2xx | 400 | 401 | 403 | 404 | 409 | 413 | 429 | 5xx | dropped |',
    );
    expect(markdown).toContain(
      '| `GET /customers` | ✅ 6 | ✅ 5 | ❌ never | ❌ never | ❌ never | · | · | · | ✅ 1 | ❌ never | ❌ never |',
    );
    expect(markdown).toContain('| `invoice.paid` | ✅ 1 | ✅ 2 | ✅ 1 | ✅ 1 | ❌ never |');
    expect(markdown).toContain('| `denied scopes: invoices.write` | 2 |');
  });

  it('an item from a file cannot become a column, a link or markup', async () => {
    const dir = await tempDir();
    const file = JSON.parse(await readFile(join(SUITE, 'coverage-exec-4242-1a2b3c4d.json'), 'utf8'));
    const hostile = 'x | [link](https://evil.test) <img src=x> `tick`';
    file.surface.scopes.push(hostile);
    await writeFile(join(dir, 'coverage-x.json'), JSON.stringify(file));
    const markdown = markdownReport(await report([dir]));
    expect(markdown).toContain('| `` x \\| [link](https://evil.test) <img src=x> `tick` `` | ❌ never |');
    expect(markdown).toContain(
      '- **scopes:** customers.delete, invoices.write and x \\| \\[link\\](https\\://evil.test) \\<img src=x\\> \\`tick\\` never used',
    );
  });
  it('an item cannot become a link on GitHub, not even a bare URL, a www. name or an e-mail address', async () => {
    const dir = await tempDir();
    const file = JSON.parse(await readFile(join(SUITE, 'coverage-exec-4242-1a2b3c4d.json'), 'utf8'));
    const hostile = [
      'GET /x https://evil.example/login?next=ci',
      'GET /y HTTPS://EVIL.example',
      'GET /z www.evil.example/login',
      'GET /w ci@evil.example',
      'GET /v mailto:ci@evil.example',
    ];
    file.surface.operations.push(...hostile);
    await writeFile(join(dir, 'coverage-x.json'), JSON.stringify(file));
    const html = gfmHtmlOf(markdownReport(await report([dir])));
    expect(html).not.toMatch(/<a\b/);
    for (const item of hostile) expect(html).toContain(item);
  });
});

describe('the terminal report', () => {
  it('a line a dimension, then the gaps, then what was seen besides', async () => {
    const lines = terminalReport(await report(), color).map(stripVTControlCharacters);
    expect(lines.slice(0, 7)).toEqual([
      'Platform coverage: 2 files (addon exec, startEmulator) of com.example.demo-addon',
      '  operations        6/8      75%  ███████████████░░░░░',
      '  responses       10/68    14.7%  ██░░░░░░░░░░░░░░░░░░  minimum 40%',
      '  events           7/15    46.6%  █████████░░░░░░░░░░░',
      '  bridge            4/8      50%  ██████████░░░░░░░░░░',
      '  scopes            5/6    83.3%  ████████████████░░░░',
      '  time              2/3    66.6%  █████████████░░░░░░░',
    ]);
    expect(lines).toContain('  events: invoice.overdue never subscribed to nor delivered');
    expect(lines.slice(-3)).toEqual([
      'Seen besides',
      '  denied scopes: invoices.write (2)',
      '  bridge warnings: resize before ready (1)',
    ]);
  });

  it('a dimension below its minimum is red', async () => {
    const lines = terminalReport(await report(), color);
    expect(lines[2]).toContain(color.red('  14.7%'));
  });
});
