// addon explore's reports (docs/explore.md#reports): JUnit that a parser reads whatever a receiver
// answered, one test case per invariant, the broken one failing with its minimal sequence; markdown
// whose code block no text of the run can close.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { ExploreReport } from '../../src/explore/explore.js';
import { exploreJunit, exploreMarkdown } from '../../src/explore/reports.js';

const PASSED: ExploreReport = {
  seed: 7,
  runs: { asked: 40, done: 40 },
  steps: 12,
  events: ['invoice.paid'],
  requests: 93,
  invariants: ['delivery-answered', 'repeat-answered-alike', 'forgery-refused', 'one payment <per> invoice'],
  finding: null,
};

// A team's message and a receiver's answer hold what would be markup, a control character and a fence.
const FOUND: ExploreReport = {
  ...PASSED,
  runs: { asked: 40, done: 3 },
  finding: {
    invariant: 'one payment <per> invoice',
    spec: null,
    message: 'two rows & "one" <invoice>\u0007',
    run: 2,
    found: [{ do: 'deliver', event: 'invoice.paid' }],
    minimal: [{ do: 'deliver', event: 'invoice.paid' }],
    story: [{ step: 'invoice.paid delivered', answers: ['invoice.paid attempt 1: 200 ```</failure>'] }],
    replays: 4,
  },
};

const parsed = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);

describe("addon explore's reports", () => {
  it('JUnit: a test case per invariant, none failing when nothing broke', () => {
    const xml = exploreJunit(PASSED);
    expect(XMLValidator.validate(xml)).toBe(true);
    const suite = parsed(xml).testsuites.testsuite;
    expect(suite).toMatchObject({ name: 'addon explore', tests: '4', failures: '0' });
    expect(suite.testcase.map((c: { name: string }) => c.name)).toEqual(PASSED.invariants);
  });

  it('JUnit: the broken invariant fails with its message and minimal sequence, escaped', () => {
    const xml = exploreJunit(FOUND);
    expect(XMLValidator.validate(xml)).toBe(true);
    const suite = parsed(xml).testsuites.testsuite;
    expect(suite.failures).toBe('1');
    const broken = suite.testcase.find((c: { name: string }) => c.name === 'one payment <per> invoice');
    expect(broken.failure.message).toBe('two rows & "one" <invoice>');
    expect(broken.failure['#text']).toContain('1. invoice.paid delivered');
    expect(broken.failure['#text']).toContain('attempt 1: 200 ```</failure>');
  });

  it('markdown: the verdict, and the sequence in a code block its text cannot close', () => {
    const md = exploreMarkdown(FOUND);
    expect(md.startsWith('## addon explore\n')).toBe(true);
    expect(md).toContain('❌ **one payment \\<per\\> invoice**');
    const fence = md.split('\n').find((line) => /^`{3,}$/.test(line))!;
    expect(fence.length).toBeGreaterThan(3);
    expect(md).toContain('1. invoice.paid delivered');
    expect(exploreMarkdown(PASSED)).toContain('✅ no invariant broken');
  });

  it('gives the same files for the same report: nothing of the moment in them', () => {
    expect(exploreJunit(FOUND)).toBe(exploreJunit(structuredClone(FOUND)));
    expect(exploreMarkdown(FOUND)).toBe(exploreMarkdown(structuredClone(FOUND)));
  });
});
