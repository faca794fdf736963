import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIMENSIONS, noHits, type CoverageFile } from '../../src/coverage/coverage-file.js';
import { mergeCoverage } from '../../src/coverage/merge.js';
import { readCoverageFiles } from '../../src/coverage/read-coverage.js';
import { coverageReport } from '../../src/coverage/report.js';
import { summarize } from '../../src/coverage/summary.js';
import { missedMinimums, parseMinimum } from '../../src/coverage/thresholds.js';
import { ROOT } from '../helpers.js';

// Two files of one suite (test/fixtures/coverage/suite): `addon exec`'s emulator and a vitest
// worker's startEmulator, whose surface also has a resource of the package user's own (toys).
const SUITE = join(ROOT, 'test', 'fixtures', 'coverage', 'suite');
const read = () => readCoverageFiles([SUITE], ROOT);
const summaryOf = async () => summarize(mergeCoverage((await read()).map(({ file }) => file)));
const dimension = async (name: string) => (await summaryOf()).find((summary) => summary.dimension === name)!;

describe('coverage files merged', () => {
  it('reads every file under the directory, in the order of their paths', async () => {
    expect((await read()).map(({ path, file }) => [path.slice(SUITE.length + 1), file.source])).toEqual([
      ['coverage-exec-4242-1a2b3c4d.json', 'addon exec'],
      ['coverage-harness-4243-5e6f7a8b.json', 'startEmulator'],
    ]);
  });

  it('the surfaces are united, the counts summed, the runs spanned', async () => {
    const merged = mergeCoverage((await read()).map(({ file }) => file));
    expect(merged.surface.operations).toContain('GET /toys');
    expect(merged.surface.operations).toHaveLength(8);
    expect(merged.surface.scopes).toEqual([
      'customers.delete',
      'customers.read',
      'customers.write',
      'invoices.read',
      'invoices.write',
      'toys.read',
    ]);
    expect(merged.hits.operations['GET /customers']).toBe(6);
    expect(merged.hits.scopes['customers.read']).toBe(9);
    expect(merged.hits.bridge['service:ready']).toBe(2);
    expect({ ...merged.seen['denied scopes'] }).toEqual({ 'invoices.write': 2 });
    expect({ ...merged.seen['bridge warnings'] }).toEqual({ 'resize before ready': 1 });
    expect([merged.files, merged.sources, merged.appIds]).toEqual([2, ['addon exec', 'startEmulator'], ['com.example.demo-addon']]);
    expect([merged.startedAt, merged.endedAt]).toEqual(['2026-11-27T08:59:58.000Z', '2026-11-27T09:04:10.250Z']);
  });

  it('merged in any order, the same', async () => {
    const files = (await read()).map(({ file }) => file);
    expect(mergeCoverage([...files].reverse())).toEqual(mergeCoverage(files));
  });

  it('a key named like a prototype member is an item like any other', () => {
    const file = fileWith({ operations: ['constructor', 'toString'] }, { operations: { constructor: 2, toString: 1 } });
    const merged = mergeCoverage([file, file]);
    expect({ ...merged.hits.operations }).toEqual({ constructor: 4, toString: 2 });
    expect(summarize(merged)[0]).toMatchObject({ covered: 2, total: 2, percent: 100 });
  });
});

describe('the summary', () => {
  it('covered of total and the share, by dimension', async () => {
    expect(
      (await summaryOf()).map(({ dimension, covered, total, percent }) => [dimension, covered, total, percent]),
    ).toEqual([
      ['operations', 6, 8, 75],
      ['responses', 10, 68, 14.7],
      ['events', 7, 15, 46.6],
      ['bridge', 4, 8, 50],
      ['scopes', 5, 6, 83.3],
      ['time', 2, 3, 66.6],
    ]);
  });

  it('the gaps of the responses, by status across operations', async () => {
    expect((await dimension('responses')).gaps).toEqual([
      '2xx never met on PATCH /customers/{id} and DELETE /customers/{id} (met on 6 of 8)',
      'no test met 400 on any operation',
      'no test met 401 on any operation',
      'no test met 403 on any operation',
      '404 met only on GET /customers/{id} (1 of 3 operations)',
      'no test met 409 on any operation',
      'no test met 413 on any operation',
      '429 met only on GET /customers (1 of 8 operations)',
      '5xx met only on POST /invoices (1 of 8 operations)',
      'no test met dropped on any operation',
      '401 missing_token and 401 session_revoked never met',
    ]);
  });

  it('the gaps of the events: one untouched said once, the others by the state they lack', async () => {
    expect((await dimension('events')).gaps).toEqual([
      'invoice.overdue never subscribed to nor delivered',
      'customer.created never retried',
      'customer.created and invoice.paid never delivered twice',
    ]);
  });

  it('the gaps of the other dimensions', async () => {
    const gaps = Object.fromEntries((await summaryOf()).map(({ dimension, gaps }) => [dimension, gaps]));
    expect(gaps.operations).toEqual(['PATCH /customers/{id} and DELETE /customers/{id} never called']);
    expect(gaps.bridge).toEqual([
      'service:close never sent',
      'service:context after a reload never sent',
      'service:navigate never sent',
      'service:notify error never sent',
    ]);
    expect(gaps.scopes).toEqual(['customers.delete never used']);
    expect(gaps.time).toEqual(['time rule invoices: a sent invoice past its due date becomes overdue never fired']);
  });

  it('an item named like a prototype member is said in the words of any other', () => {
    const file = fileWith(
      { events: ['thing.a delivered', 'thing.a constructor'], time: ['toString', 'clock advanced'] },
      {
        events: { 'thing.a delivered': 1 },
      },
    );
    const gaps = summarize(mergeCoverage([file])).map(({ gaps }) => gaps);
    expect(gaps[2]).toEqual(['thing.a never constructor']);
    expect(gaps[5]).toEqual(['the clock never advanced', 'toString: never']);
  });

  it('a long list is cut, saying how many more', () => {
    const events = Array.from({ length: 9 }, (_, i) => `thing.e${i}`);
    const file = fileWith({ events: events.map((event) => `${event} delivered`) }, {});
    expect(summarize(mergeCoverage([file]))[2].gaps).toEqual([
      'thing.e0, thing.e1, thing.e2, thing.e3, thing.e4, thing.e5 and 3 more never subscribed to nor delivered',
    ]);
  });

  it('a share is rounded down, so a share below a minimum never reads as the minimum', () => {
    const ops = Array.from({ length: 16 }, (_, i) => `GET /things/t${i}`);
    const hits = Object.fromEntries(ops.slice(0, 5).map((op) => [op, 1]));
    const summary = summarize(mergeCoverage([fileWith({ operations: ops }, { operations: hits })]));
    expect(summary[0].percent).toBe(31.2); // 5 of 16 is 31.25%
    expect(missedMinimums(summary, { operations: 31.25 })).toEqual([]);
    expect(missedMinimums(summary, { operations: 31.3 }).map(({ message }) => message)).toEqual([
      'operations 31.2% is below the minimum 31.3%: GET /things/t5, GET /things/t6, GET /things/t7, GET /things/t8, GET /things/t9, GET /things/t10 and 5 more never called',
    ]);
  });

  it('a dimension with nothing to cover meets any minimum', () => {
    const summary = summarize(mergeCoverage([fileWith({}, {})]));
    expect(summary[3]).toMatchObject({ dimension: 'bridge', total: 0, percent: null, gaps: [] });
    expect(missedMinimums(summary, { bridge: 100 })).toEqual([]);
  });
});

describe('thresholds', () => {
  it('--min reads dimension=percent pairs', () => {
    expect({ ...parseMinimum('operations=80,responses=40, events=60.5,bridge=100%') }).toEqual({
      operations: 80,
      responses: 40,
      events: 60.5,
      bridge: 100,
    });
  });

  it.each([
    '',
    'operations',
    'operations=',
    'operations=101',
    'lines=80',
    'operations=80,operations=90',
    'operations=-1',
    'operations=8e1',
    '__proto__=1',
  ])('%j is no minimum', (text) => expect(parseMinimum(text)).toBeUndefined());

  it('a missed minimum names the dimension, its share, the minimum and its first gaps', async () => {
    const summary = await summaryOf();
    expect(
      missedMinimums(summary, { operations: 75, responses: 40, scopes: 90 }).map(({ message }) => message),
    ).toEqual([
      'responses 14.7% is below the minimum 40%: 2xx never met on PATCH /customers/{id} and DELETE /customers/{id} (met on 6 of 8); no test met 400 on any operation; …',
      'scopes 83.3% is below the minimum 90%: customers.delete never used',
    ]);
  });

  it('the report carries the minimum and what missed it', async () => {
    const report = coverageReport(await read(), { bridge: 50, time: 70 }, ROOT);
    expect(report.files).toEqual([
      'test/fixtures/coverage/suite/coverage-exec-4242-1a2b3c4d.json',
      'test/fixtures/coverage/suite/coverage-harness-4243-5e6f7a8b.json',
    ]);
    expect(report.missed.map(({ dimension }) => dimension)).toEqual(['time']);
  });
});

/** A file of one run, with only the given items in its surface and hits. */
function fileWith(surface: Partial<CoverageFile['surface']>, hits: Partial<CoverageFile['hits']>): CoverageFile {
  return {
    format: 'addon-devkit-coverage',
    version: 1,
    kit: '0.1.0',
    source: 'startEmulator',
    appId: 'com.example.demo-addon',
    startedAt: '2026-11-27T09:00:00.000Z',
    endedAt: '2026-11-27T09:01:00.000Z',
    surface: { ...Object.fromEntries(DIMENSIONS.map((d) => [d, []])), ...surface } as CoverageFile['surface'],
    hits: { ...noHits(), ...hits },
    seen: {},
  };
}
