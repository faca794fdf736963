// The import graph of the sources, read with the TypeScript compiler's parser, and its cycles.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** From each node, the nodes it imports. */
export type Graph = Map<string, Set<string>>;

/**
 * The relative specifiers a file imports: static imports and re-exports, type-only ones included
 * (a type import is a dependency a reader follows too), `import()` (a module loaded later is still
 * needed) and `import('…')` types.
 */
function importSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const named = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteral(node)) specifiers.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) named(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      named(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) named(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((text) => text.startsWith('./') || text.startsWith('../'));
}

/** `./a.js` -> `<dir>/a.ts`, `./b` -> `<dir>/b/index.ts`; null for what is not a source file here. */
function resolveSource(from: string, specifier: string): string | null {
  const target = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  return [`${target}.ts`, join(target, 'index.ts')].find((candidate) => existsSync(candidate)) ?? null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The files under `folder` (or under its folders `under`) and what each imports, named relative to `folder`. */
export function fileGraph(folder: string, { under = [''] } = {}): Graph {
  const root = resolve(folder);
  const graph: Graph = new Map();
  for (const file of under.flatMap((dir) => sourceFiles(join(root, dir)))) {
    const targets = importSpecifiers(file)
      .map((specifier) => resolveSource(file, specifier))
      .filter((target): target is string => target !== null && target.startsWith(root));
    graph.set(relative(root, file), new Set(targets.map((target) => relative(root, target))));
  }
  return graph;
}

const importedFiles = (files: Graph): Array<[string, Set<string>]> => {
  const loaded = new Set([...files.values()].flatMap((targets) => [...targets]));
  return [...files].filter(([file]) => loaded.has(file));
};

/**
 * The folders of a file graph (`src/api`, `src/domain/resources`), and which import which. Files
 * that no file of the graph imports are left out: the entry points (src/index.ts, the CLI's
 * main.ts, the SDKs' index.ts, the host page's main.ts) sit above every folder by design, and no
 * chain of imports runs through them.
 */
export function folderGraph(files: Graph): Graph {
  const graph: Graph = new Map();
  for (const [file, targets] of importedFiles(files)) {
    const from = dirname(file);
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const target of targets) if (dirname(target) !== from) edges.add(dirname(target));
  }
  return graph;
}

/** The strongly connected components with more than one node, or a node that imports itself (Tarjan). */
function tangles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) visit(target);
      if (stack.includes(target)) low.set(node, Math.min(low.get(node)!, low.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.length > 1 || graph.get(node)?.has(node)) found.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One cycle through a component, from its first node (by name) back to it: `a -> b -> a`. */
function cycleThrough(graph: Graph, component: string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      if (target === start) return pathBack(cameFrom, start);
      queue.push(target);
    }
  }
  throw new Error(`no cycle through ${start}`);
}

function pathBack(cameFrom: Map<string, string>, start: string): string[] {
  const path = [start];
  for (let node = cameFrom.get(start)!; node !== start; node = cameFrom.get(node)!) path.unshift(node);
  return [start, ...path];
}

/** One cycle through each tangle of the graph, as its nodes: `[a, b, a]`. */
export function cycles(graph: Graph): string[][] {
  return tangles(graph).map((component) => cycleThrough(graph, component));
}

/** A folder cycle with a file import behind each step: `faults (faults/x.ts -> emulator/y.ts) -> emulator ...`. */
export function explainFolderCycle(files: Graph, cycle: string[]): string {
  const step = (from: string, to: string) => {
    for (const [file, targets] of importedFiles(files))
      for (const target of targets) if (dirname(file) === from && dirname(target) === to) return `${file} -> ${target}`;
    return '?';
  };
  return cycle
    .map((folder, i) => (i + 1 < cycle.length ? `${folder} (${step(folder, cycle[i + 1])})` : folder))
    .join(' -> ');
}

/** The folders of the repository whose sources stand on the floors (floors.ts). */
export const SOURCE_FOLDERS = ['src', 'host-ui/src'];
