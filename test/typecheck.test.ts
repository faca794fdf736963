import { execa } from 'execa';
import { expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/**
 * `npm run typecheck` inside `npm test`, which is all CI runs: a type error in src/, test/, scripts/ or
 * host-ui/ fails this one test with tsc's lines, while the rest of the suite still runs and counts
 * (as a pretest step, it would stop the run before any test, and CI would count nothing). It runs
 * beside the other test files; alone it takes 15 to 40 s on two busy cores.
 */
it('typechecks the sources, the tests and the host page', async () => {
  const result = await execa('npm', ['run', '--silent', 'typecheck'], { cwd: ROOT, reject: false, all: true });
  expect(result.exitCode, result.all).toBe(0);
}, 300_000);
