// The floors of src/ and host-ui/src (docs/architecture.md#the-floors): every file stands on one, no
// import climbs to a floor above its own, and none comes back round, type-only imports included (a
// type import is a dependency a reader has to follow too). A cycle between files makes what a module
// sees at its top depend on which of them was loaded first (moving one constant to the top of
// pipeline.ts once crashed the package import); one between folders loads every resource to import a
// fault rule.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floorOf, floorsPicture, unplaced, upwardImports, withPicture } from '../../scripts/architecture/floors.js';
import {
  cycles,
  explainFolderCycle,
  fileGraph,
  folderGraph,
  SOURCE_FOLDERS,
  type Graph,
} from '../../scripts/architecture/import-graph.js';
import { ROOT } from '../helpers.js';

const files = fileGraph(ROOT, { under: SOURCE_FOLDERS });

const graphOf = (edges: Record<string, string[]>): Graph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('the floors', () => {
  it('places a folder by its longest named prefix, and finds what climbs', () => {
    expect(floorOf('src/common/json/json-bounds.ts')).toBe(0);
    expect(floorOf('src/sdk/browser/index.ts')).toBeLessThan(floorOf('src/sdk/webhooks/index.ts'));
    expect(floorOf('src/nowhere/x.ts')).toBe(-1);
    const climbing = graphOf({
      'src/common/clock.ts': ['src/emulator/x.ts'],
      'src/emulator/x.ts': ['src/common/clock.ts'],
    });
    expect(upwardImports(climbing)).toEqual(['src/common/clock.ts -> src/emulator/x.ts (ground -> root)']);
  });

  it('finds a cycle and names it, and none in a graph without one', () => {
    expect(cycles(graphOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(cycles(graphOf({ a: ['a'] }))).toEqual([['a', 'a']]);
    expect(cycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('reads type-only imports and import() too', () => {
    // internals.ts imports only types of the domain.
    expect(files.get('src/emulator/internals.ts')).toContain('src/domain/domain.ts');
    expect(files.get('host-ui/src/bridge.ts')).toContain('src/bridge/host-intake.ts');
    // The commands are loaded once the program knows it needs them.
    expect(files.get('src/cli/main.ts')).toContain('src/cli/commands/index.ts');
  });

  it('keeps nothing loose in src/ but the package entry: the building blocks are the ground floor', () => {
    expect([...files.keys()].filter((file) => /^src\/[^/]+$/.test(file))).toEqual(['src/index.ts']);
  });

  it('has every source file on a floor', () => {
    expect(unplaced(files)).toEqual([]);
  });

  it('has no import climbing to a floor above its own', () => {
    expect(upwardImports(files)).toEqual([]);
  });

  it('has no import cycle between files, type-only imports included', () => {
    expect(cycles(files).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has no import cycle between folders, type-only imports included', () => {
    expect(cycles(folderGraph(files)).map((cycle) => explainFolderCycle(files, cycle))).toEqual([]);
  });

  it('is drawn in docs/architecture.md as the code makes it (node scripts/run-ts.js scripts/architecture/write.ts)', async () => {
    const doc = await readFile(join(ROOT, 'docs/architecture.md'), 'utf8');
    expect(doc).toBe(withPicture(doc, floorsPicture(files)));
  });
});
