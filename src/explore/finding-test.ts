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

/**
 * A finding as a vitest test on the harness (docs/explore.md#from-a-finding-to-a-test): its minimal
 * sequence replayed by `explore({ sequence })`, red while the add-on still breaks the invariant and
 * green once it is fixed. Every value is written as JSON, so no text of the run becomes code.
 */
export function findingTest(finding: Finding, context: FindingContext): string {
  const options = {
    ...(context.appId && { emulator: { appId: context.appId } }),
    webhooks: context.webhooks,
    ...(context.backendUrl && { backendUrl: context.backendUrl }),
    ...(context.port !== undefined && { port: context.port }),
    sequence: finding.minimal,
  };
  const title = `keeps ${finding.invariant} when: ${finding.minimal.map(wordsOf).join('; then ')}`;
  return [
    `// Written by \`addon explore --seed ${context.seed}\` from what it found (docs/explore.md#from-a-finding-to-a-test).`,
    `// Red while the add-on breaks ${JSON.stringify(finding.invariant)} after these steps, green once it is`,
    `// fixed. The receivers below must answer while it runs: start them first, or point these at yours.`,
    `import { explore } from 'addon-devkit/testing';`,
    `import { expect, it } from 'vitest';`,
    ...(context.invariantsImport ? [`import invariants from ${JSON.stringify(context.invariantsImport)};`] : []),
    '',
    // `as const`: the steps keep their literal kinds, which explore()'s types ask for.
    `const found = ${JSON.stringify(options, null, 2)} as const;`,
    '',
    `it(${JSON.stringify(title)}, { timeout: 60_000 }, async () => {`,
    `  const { finding } = await explore({ ...found${context.invariantsImport ? ', invariants' : ''} });`,
    `  expect(finding && \`\${finding.invariant}: \${finding.message}\`).toBeNull();`,
    `});`,
    '',
  ].join('\n');
}
