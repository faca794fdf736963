// The composition root reads in one sitting: createEmulator calls the part builders one after
// another, and no function there grows past what a reader holds at once; and no part imports the
// root. (That no import cycle runs among its files, type-only imports included, floors.test.ts holds.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fileGraph } from '../../scripts/architecture/import-graph.js';
import { ROOT } from '../helpers.js';

const MAX_LINES = 80;
const ROOT_FILE = 'src/emulator/create-emulator.ts';
/** The part builders: src/emulator/<part>-part.ts. */
const PARTS = readdirSync(join(ROOT, 'src/emulator'))
  .filter((name) => name.endsWith('-part.ts'))
  .map((name) => `src/emulator/${name}`);
const files = [ROOT_FILE, ...PARTS];

interface FunctionSpan {
  name: string;
  file: string;
  line: number;
  lines: number;
}

/** What a function is called where it is written: its own name, or the variable or property it is given to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText(source);
  return '(anonymous)';
}

/** Every function of a file (declarations, expressions, arrows, methods, accessors) and its length in lines. */
function functionsOf(file: string): FunctionSpan[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: FunctionSpan[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({
        name: nameOf(node as ts.FunctionLikeDeclaration, source),
        file,
        line: start + 1,
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the composition root', () => {
  const functions = files.flatMap(functionsOf);
  const graph = fileGraph(ROOT, { under: ['src/emulator'] });

  it('finds the functions it measures', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(functions.map((f) => f.name)).toContain('createEmulator');
    // Arrows and methods too, not only declarations.
    expect(functions.some((f) => f.file.endsWith('/lifecycle-part.ts') && f.name === 'listen')).toBe(true);
    expect(functions.some((f) => f.file.endsWith('/domain-part.ts') && f.name === 'advance')).toBe(true);
  });

  it(`has no function longer than ${MAX_LINES} lines in ${ROOT_FILE} and its part builders`, () => {
    const long = functions
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}:${f.line} ${f.name} is ${f.lines} lines`);
    expect(long, `longer than ${MAX_LINES} lines:\n${long.join('\n')}`).toEqual([]);
  });

  it('is imported by none of its parts', () => {
    const importers = [...graph].filter(([, targets]) => targets.has(ROOT_FILE)).map(([file]) => file);
    expect(importers).toEqual([]);
  });
});
