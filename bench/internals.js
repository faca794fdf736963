// The emulator's domain and webhooks, which the benches fill and drive directly. They live behind
// internalsOf() (src/emulator/internals.ts), off the public Emulator; a build from before that keeps
// them on the emulator itself, and compare-build.js runs such builds too.
export async function internalsOf(emulator, dist = new URL('../dist/', import.meta.url)) {
  if ('domain' in emulator) return emulator;
  const internals = await import(new URL('emulator/internals.js', dist).href);
  return internals.internalsOf(emulator);
}
