/**
 * Runs each step in turn, the later ones too when one throws, then throws the first error. What gives
 * a test's world back must not stop half way: a wrapped `history.replaceState` that throws left the
 * window framed and the emulator running, and the test process alive after its last line.
 */
export async function everyStep(steps: Iterable<() => unknown>): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length) throw errors[0];
}
