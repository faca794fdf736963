import type { Receiver } from '../check/webhook-checks.js';
import type { Finding } from './explore.js';
import { wordsOf } from './steps.js';

/** What a written test needs besides the finding: the run it came from. */
export interface FindingContext {
  seed: number;
  appId?: string;
  webhooks: readonly Receiver[];
  backendUrl?: string;
  /** The emulator's port the run was given (--port): where the backend calls the API. */
  port?: number;
  /** The invariants module, as the test file imports it (`../../addon.invariants.js`); none without one. */
  invariantsImport?: string;
}

/** The two files a finding is written as, by name: its sequence (data) and the test that replays it. */
export interface FindingFiles {
  sequence: { name: string; text: string };
  test: { name: string; text: string };
}

/**
 * A finding as files (docs/explore.md#from-a-finding-to-a-test): its minimal sequence and what it
 * ran against, as data in `explore-seed-<seed>.sequence.json` that can be read and edited by hand,
 * and a vitest test on the harness that replays it with `explore({ sequence })`, red while the
 * add-on still breaks the invariant and green once it is fixed. No text of the run becomes code:
 * the test imports the data file (a JSON module, which the templates' tsconfig resolves).
 */
export function findingFiles(finding: Finding, context: FindingContext): FindingFiles {
  const base = `explore-seed-${context.seed}`;
  const found = {
    broke: `${finding.invariant}: ${finding.message}`,
    inWords: finding.minimal.map(wordsOf),
    ...(context.appId && { emulator: { appId: context.appId } }),
    webhooks: context.webhooks,
    ...(context.backendUrl && { backendUrl: context.backendUrl }),
    ...(context.port !== undefined && { port: context.port }),
    sequence: finding.minimal,
  };
  const title = `keeps ${finding.invariant} when: ${finding.minimal.map(wordsOf).join('; then ')}`;
  const invariants = context.invariantsImport ? ', invariants' : '';
  const test = [
    `// Written by \`addon explore --seed ${context.seed}\` from what it found (docs/explore.md#from-a-finding-to-a-test).`,
    `// Red while the add-on breaks ${JSON.stringify(finding.invariant)} after the steps of ${base}.sequence.json,`,
    `// green once it is fixed. The receivers it names must answer while it runs: start them first, or`,
    `// point them at yours.`,
    `import { explore, type ExploreOptions } from 'addon-devkit/testing';`,
    `import { expect, it } from 'vitest';`,
    ...(context.invariantsImport ? [`import invariants from ${JSON.stringify(context.invariantsImport)};`] : []),
    `import found from './${base}.sequence.json';`,
    '',
    `it(${JSON.stringify(title)}, { timeout: 60_000 }, async () => {`,
    `  const { finding } = await explore({ ...(found as ExploreOptions)${invariants} });`,
    `  expect(finding && \`\${finding.invariant}: \${finding.message}\`).toBeNull();`,
    `});`,
    '',
  ].join('\n');
  return {
    sequence: { name: `${base}.sequence.json`, text: `${JSON.stringify(found, null, 2)}\n` },
    test: { name: `${base}.test.ts`, text: test },
  };
}
