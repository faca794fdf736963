// The domain's types come from its definitions, not from casts: at most a few type assertions in
// src/domain/, each with a comment saying why it is sound. (That no import cycle runs among its files,
// type imports included, floors.test.ts holds for every folder.)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const DOMAIN = join(ROOT, 'src', 'domain');
const MAX_CASTS = 10;

interface Cast {
  /** `src/domain/x.ts:12`, the line the cast's expression starts on. */
  at: string;
  commented: boolean;
}

const isConst = (type: ts.TypeNode) =>
  ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';

/** `x as T` and `<T>x`, but not `as const` or `<const>x` (which assert nothing, only keep the literal's type). */
const isCast = (node: ts.Node): node is ts.AsExpression | ts.TypeAssertion =>
  (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node.type);

const isJsDoc = (node: ts.Node) =>
  node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode;

/** The lines (0-based) that hold a comment, and those that hold code, from the parsed file's tokens. */
function linesOf(source: ts.SourceFile): { comments: Set<number>; code: Set<number> } {
  const comments = new Set<number>();
  const code = new Set<number>();
  const mark = (lines: Set<number>, from: number, to: number) => {
    const [first, last] = [from, to].map((pos) => source.getLineAndCharacterOfPosition(pos).line);
    for (let line = first; line <= last; line++) lines.add(line);
  };
  const markComment = (from: number, to: number) => mark(comments, from, to);
  const visit = (node: ts.Node) => {
    if (isJsDoc(node)) return;
    const children = node.getChildren(source);
    if (children.length) return children.forEach(visit);
    ts.forEachLeadingCommentRange(source.text, node.pos, markComment);
    ts.forEachTrailingCommentRange(source.text, node.end, markComment);
    if (node.kind !== ts.SyntaxKind.EndOfFileToken) mark(code, node.getStart(source), node.end);
  };
  visit(source);
  return { comments, code };
}

/**
 * The casts of one file. One is commented when a comment sits on a line it spans up to its `as`, or
 * on the comment-only line directly above it (the last of a comment block there).
 */
function castsIn(name: string, text: string): Cast[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const { comments, code } = linesOf(source);
  const found: Cast[] = [];
  const visit = (node: ts.Node) => {
    if (isCast(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const typeLine = source.getLineAndCharacterOfPosition(node.type.getStart(source)).line;
      const spanned = Array.from({ length: typeLine - start + 1 }, (_, i) => start + i);
      const above = comments.has(start - 1) && !code.has(start - 1);
      found.push({
        at: `${name}:${start + 1}`,
        commented: above || spanned.some((line) => comments.has(line)),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const domainFiles = readdirSync(DOMAIN, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .map((name) => join(DOMAIN, name));
const casts = domainFiles.flatMap((file) => castsIn(relative(ROOT, file), readFileSync(file, 'utf8')));

describe('the casts of src/domain/', () => {
  it('reads every file, resources/ too', () => {
    expect(domainFiles.map((file) => relative(DOMAIN, file))).toContain(join('resources', 'invoices.ts'));
  });

  it('counts `as` and angle-bracket assertions, both of a double cast, not `as const`; and finds their comments', () => {
    const sample = [
      'const a = x as T;',
      '// Sound: why.',
      'const b = <T>x;',
      'const c = y as unknown as T; // why',
      'const d = [1] as const, dd = <const>[1];',
      'f(); // about f',
      'const h = w as T;',
      'const e = {',
      '  k: 1,',
      '} as T; /* why */',
      '/**',
      ' * why',
      ' */',
      'const g = z as T;',
      'const t = `${a}_${b}`; // template literals and comments on lines of code are read apart',
      '// why',
      'const u = v as T;',
    ].join('\n');
    expect(castsIn('sample.ts', sample)).toEqual([
      { at: 'sample.ts:1', commented: false },
      { at: 'sample.ts:3', commented: true },
      { at: 'sample.ts:4', commented: true },
      { at: 'sample.ts:4', commented: true },
      { at: 'sample.ts:7', commented: false },
      { at: 'sample.ts:8', commented: true },
      { at: 'sample.ts:14', commented: true },
      { at: 'sample.ts:17', commented: true },
    ]);
  });

  it(`are at most ${MAX_CASTS}`, () => {
    expect(casts.length, `the casts:\n${casts.map((cast) => cast.at).join('\n')}`).toBeLessThanOrEqual(MAX_CASTS);
  });

  it('each say why they are sound, in a comment on their line or directly above', () => {
    expect(casts.filter((cast) => !cast.commented).map((cast) => cast.at)).toEqual([]);
  });
});
