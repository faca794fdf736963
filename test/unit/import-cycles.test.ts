// No import cycles in src/, between files or between folders. A cycle between files makes what a
// module sees at its top depend on which of them was loaded first (moving one constant to the top of
// pipeline.ts once crashed the package import); one between folders loads every resource to import
// a fault rule.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, explainFolderCycle, fileGraph, folderGraph, type Graph } from '../import-graph.js';
import { ROOT } from '../helpers.js';

const files = fileGraph(join(ROOT, 'src'));

const graphOf = (edges: Record<string, string[]>): Graph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('import cycles', () => {
  it('finds a cycle and names it, and none in a graph without one', () => {
    expect(cycles(graphOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(cycles(graphOf({ a: ['a'] }))).toEqual([['a', 'a']]);
    expect(cycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('reads the runtime imports of src/, and not the type-only ones', () => {
    expect(files.get('index.ts')).toContain('emulator/create-emulator.ts');
    // Imports only types of the domain.
    expect(files.get('api/collection-routes.ts')).not.toContain('domain/collection-service.ts');
  });

  it('has none between the files of src/', () => {
    expect(cycles(files).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('has none between the folders of src/', () => {
    expect(cycles(folderGraph(files)).map((cycle) => explainFolderCycle(files, cycle))).toEqual([]);
  });
});
