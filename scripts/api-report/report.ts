import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  CompilerState,
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type ExtractorMessage,
  type IConfigFile,
} from '@microsoft/api-extractor';

/** Where the committed reports live, from the package root: one `<name>.api.md` for each entry point. */
export const REPORT_DIR = 'docs/api';

/** What remakes the reports from a built dist/ (`npm run build` first). */
export const WRITE_COMMAND = 'node scripts/run-ts.js scripts/api-report/write.ts';

/** An entry point of the package: its report's name, the specifier users import, and its .d.ts from the root. */
export interface EntryPoint {
  name: string;
  specifier: string;
  types: string;
}

/**
 * The entry points that have types, from package.json's "exports", so that an entry point added there
 * gets a report without this script being told. "." is `index`, "./testing" is `testing`.
 */
export function entryPoints(packageJson: { name: string; exports: Record<string, unknown> }): EntryPoint[] {
  return Object.entries(packageJson.exports).flatMap(([subpath, target]) => {
    const types = (target as { types?: unknown }).types;
    if (typeof types !== 'string') return [];
    const name = subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-');
    return [{ name, specifier: packageJson.name + subpath.slice(1), types }];
  });
}

/**
 * The API reports of the package at `root` (whose dist/ is built), by file name: API Extractor's
 * reports, which print every exported declaration whole and the package's types it refers to
 * (including ones not exported, whose members are part of the API all the same), sorted by name,
 * with no file paths in them. One TypeScript program serves all the entry points (a second each
 * otherwise).
 */
export async function apiReports(root: string): Promise<Record<string, string>> {
  root = resolve(root);
  const packageJson = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  const entries = entryPoints(packageJson);
  const folder = await mkdtemp(join(tmpdir(), 'api-report-'));
  try {
    const configs = entries.map((entry) => extractorConfig(root, entry, folder));
    const compilerState = CompilerState.create(configs[0], {
      additionalEntryPoints: configs.map((config) => config.mainEntryPointFilePath),
    });
    const reports: Record<string, string> = {};
    for (const [i, entry] of entries.entries()) {
      invoke(configs[i], compilerState);
      const text = await readFile(join(folder, `${entry.name}.api.md`), 'utf8');
      reports[`${entry.name}.api.md`] = normalised(text, entry);
    }
    return reports;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

// The configuration is made here rather than read from api-extractor.json files: four nearly identical
// files, and their paths would be the package's, not `root`'s (the baseline comparison runs on another checkout).
function extractorConfig(root: string, entry: EntryPoint, folder: string): ExtractorConfig {
  const configObject: IConfigFile = {
    projectFolder: root,
    mainEntryPointFilePath: join(root, entry.types),
    compiler: {
      // A program of the entry points alone, not of the package's tsconfig.json (src/ and test/ too).
      // typeRoots is given whole: TypeScript otherwise looks for @types/node from the working directory.
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          strict: true,
          // As the package's tsconfig.json: the .d.ts of its dependencies are theirs to check.
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [join(root, 'node_modules/@types')],
        },
        files: [join(root, entry.types)],
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: `${entry.name}.api.md`,
      reportFolder: folder,
      reportTempFolder: folder,
      includeForgottenExports: true,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    // Its default is CRLF.
    newlineKind: 'lf',
    // Its own warnings are for packages documented with TSDoc's release tags, which this one is not;
    // a compiler error (a .d.ts that does not compile) fails the run (invoke).
    messages: {
      extractorMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
    },
  };
  return ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: join(root, 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  });
}

/** Runs API Extractor quietly, throwing on any error it reports (a .d.ts that does not compile). */
function invoke(config: ExtractorConfig, compilerState: CompilerState): void {
  const errors: string[] = [];
  const messageCallback = (message: ExtractorMessage) => {
    if (message.logLevel === ExtractorLogLevel.Error)
      errors.push(message.formatMessageWithLocation(config.projectFolder));
    message.handled = true;
  };
  // localBuild: the report goes to `folder` whether or not one was there before, without an error.
  const result = Extractor.invoke(config, { compilerState, localBuild: true, messageCallback });
  if (errors.length > 0 || !result.succeeded) {
    throw new Error(`API Extractor failed on ${config.mainEntryPointFilePath}:\n${errors.join('\n')}`);
  }
}

/**
 * The report less API Extractor's notes on doc comments: `// @public` on every declaration (the
 * package has no release tags), `(undocumented)` and the @packageDocumentation line: a doc comment
 * added to a member is not an API change. The title names the entry point, and a line says how to
 * remake the report.
 */
function normalised(text: string, entry: EntryPoint): string {
  return text
    .replace(/^## API Report File for ".*"$/m, `## API Report File for "${entry.specifier}"`)
    .replace(
      /^(> Do not edit this file\..*)$/m,
      `$1\n> After \`npm run build\`, \`${WRITE_COMMAND}\` remakes it; test/unit/api-report.test.ts fails while it is out of date.`,
    )
    .replace(/^ *\/\/ (@public|\(undocumented\)|@public \(undocumented\))\n/gm, '')
    .replace(/^\/\/ \(No @packageDocumentation comment for this package\)\n\n?/m, '');
}
