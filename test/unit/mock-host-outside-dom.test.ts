// mockHost() in a test file of Node's environment, with no window to frame: one sentence that says
// which environment it needs, and no emulator left running.
import { expect, it } from 'vitest';
import { UserError } from '../../src/common/errors.js';
import { mockHost } from '../../src/testing/index.js';

it('says it needs a DOM environment, in one sentence', async () => {
  const refused = await mockHost().catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(UserError);
  // (Not the whole sentence: vitest would take the environment it names for this file's.)
  expect((refused as Error).message).toMatch(
    /^mockHost\(\) needs a DOM: run the test file in happy-dom or jsdom \(a first line/,
  );
});
