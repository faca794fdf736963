// The floors of the house: which folders stand on which, bottom first. The import graph is read from
// the code (import-graph.ts); only the floors are declared, here, and test/unit/floors.test.ts holds
// the code to them: every folder stands on a floor, and every import, type-only ones included, goes
// to the importer's floor or one below. docs/architecture.md draws them (write.ts).
import { dirname } from 'node:path';
import type { Graph } from './import-graph.js';

export interface Floor {
  name: string;
  /** What stands on it, in a few words, for the picture. */
  says: string;
  /** Folders of the repository; each takes its subfolders along unless a floor names them itself. */
  folders: readonly string[];
}

/** Bottom first. A folder's floor is the one naming the longest prefix of its path. */
export const FLOORS: readonly Floor[] = [
  {
    name: 'ground',
    says: 'building blocks with no concept of the platform: clock, errors, limits, JSON, files, text',
    folders: ['src/common'],
  },
  {
    name: 'base',
    says: 'concepts that stand alone: storage, tokens and scopes, the bridge contract, parity, the browser SDK',
    folders: ['src/store', 'src/auth', 'src/bridge', 'src/parity', 'src/sdk/browser', 'src/dev', 'src/init'],
  },
  {
    name: 'domain',
    says: 'the business resources, their rules and events, from one definition each, on the store',
    folders: ['src/domain'],
  },
  {
    name: 'platform',
    says: 'what the platform does around the data: installations, webhooks, faults, audit, state, scenarios',
    folders: [
      'src/installations',
      'src/faults',
      'src/audit',
      'src/webhooks',
      'src/state',
      'src/scenarios',
      'src/snippets',
      'src/sdk/webhooks',
    ],
  },
  {
    name: 'http',
    says: 'the emulated REST API, the control API, and coverage of what they answered',
    folders: ['src/api', 'src/coverage', 'src/control'],
  },
  {
    name: 'root',
    says: 'the composition root: createEmulator assembles the floors below',
    folders: ['src/emulator'],
  },
  {
    name: 'drivers',
    says: 'what drives an emulator and judges an add-on: the test harness, addon check, addon explore',
    folders: ['src/testing', 'src/check', 'src/explore'],
  },
  {
    name: 'faces',
    says: 'what users meet: the CLI, the MCP server, the package entry, the host page',
    folders: ['src/index.ts', 'src/cli', 'src/mcp', 'host-ui/src'],
  },
];

/** The floor a file or folder stands on (its index, bottom 0), or -1 when no floor names it. */
export function floorOf(path: string): number {
  let found = -1;
  let longest = -1;
  FLOORS.forEach((floor, index) => {
    for (const folder of floor.folders)
      if ((path === folder || path.startsWith(`${folder}/`)) && folder.length > longest) {
        found = index;
        longest = folder.length;
      }
  });
  return found;
}

/** The folder a file belongs to in the picture: its directory, or the file itself at a floor's top level. */
export const unitOf = (file: string): string => (FLOORS.some((f) => f.folders.includes(file)) ? file : dirname(file));

/** Files that stand on no floor. */
export const unplaced = (files: Graph): string[] => [...files.keys()].filter((file) => floorOf(file) < 0).sort();

/** Every import that climbs, as `from -> to (floor -> floor)`. */
export function upwardImports(files: Graph): string[] {
  const found: string[] = [];
  for (const [from, targets] of files)
    for (const to of targets)
      if (floorOf(to) > floorOf(from))
        found.push(`${from} -> ${to} (${FLOORS[floorOf(from)]?.name} -> ${FLOORS[floorOf(to)]?.name})`);
  return found.sort();
}

/** For each folder (top-level file of a floor), the folders of other floors it imports, by floor. */
export function foldersBelow(files: Graph): Map<string, Set<string>> {
  const below = new Map<string, Set<string>>();
  for (const [from, targets] of files) {
    const unit = unitOf(from);
    const set = below.get(unit) ?? new Set<string>();
    below.set(unit, set);
    for (const to of targets) if (floorOf(to) !== floorOf(from)) set.add(unitOf(to));
  }
  return below;
}

const MARK_START = '<!-- floors: written by scripts/architecture/write.ts -->';
const MARK_END = '<!-- floors end -->';

/**
 * The floors, top first: each with its folders (and how many files each holds) and the floors it
 * imports from. Not lines: the picture changes with the structure, not with every edit.
 */
export function floorsPicture(files: Graph): string {
  const below = foldersBelow(files);
  const width = Math.max(...FLOORS.map((floor) => floor.name.length)) + 2;
  const blocks = FLOORS.map((floor, index) => {
    const units = [...below.keys()].filter((unit) => floorOf(unit) === index).sort();
    const sizes = units.map((unit) => {
      const count = [...files.keys()].filter((file) => unitOf(file) === unit).length;
      return `${unit} (${count} ${count === 1 ? 'file' : 'files'})`;
    });
    const standsOn = new Set(units.flatMap((unit) => [...below.get(unit)!].map((to) => FLOORS[floorOf(to)].name)));
    const on = FLOORS.filter((f) => standsOn.has(f.name))
      .map((f) => f.name)
      .reverse();
    const pad = ' '.repeat(width);
    return [
      `${floor.name.padEnd(width)}${floor.says}`,
      ...sizes.map((size) => `${pad}  ${size}`),
      `${pad}imports from: ${on.length ? on.join(', ') : 'nothing of the kit'}`,
    ].join('\n');
  });
  return blocks.reverse().join('\n\n');
}

/** `doc` with its floors section made `picture`; throws when the marks are missing. */
export function withPicture(doc: string, picture: string): string {
  const start = doc.indexOf(MARK_START);
  const end = doc.indexOf(MARK_END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md lacks the marks ${MARK_START} ... ${MARK_END}`);
  return `${doc.slice(0, start)}${MARK_START}\n\n\`\`\`text\n${picture}\n\`\`\`\n\n${doc.slice(end)}`;
}
