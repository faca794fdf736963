import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../common/errors.js';
import { fileError } from '../common/files/fs-errors.js';
import { devkitSpec } from './devkit-spec.js';

/** The starter add-ons: plain folders in the package, the same from src/ and dist/. */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));
/** This package's root: its templates, and what a new add-on depends on (devkit-spec.ts). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/[\\/]+$/, '');
export const DEFAULT_TEMPLATE = 'vite-ts';

export interface ScaffoldOptions {
  /** Where to create the add-on; relative to `cwd`. Created if missing; must be empty if not. */
  dir: string;
  template?: string;
  /** The dependency spec on this package; default: the kit that runs (devkit-spec.ts). */
  devkit?: string;
  cwd?: string;
  /** The folder of the templates; default the package's own (tests bring theirs). */
  templatesDir?: string;
}

export interface ScaffoldResult {
  /** Absolute path of the new add-on. */
  dir: string;
  template: string;
  /** The files written, relative to `dir`, `/`-separated, sorted. */
  files: string[];
  /** What replaced the placeholders. */
  name: string;
  appId: string;
  devkit: string;
}

const kitVersion = async (): Promise<string> =>
  (JSON.parse(await readFile(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Files and folders never copied from a template (left there by working on the template itself). */
const SKIPPED = new Set(['node_modules', 'dist', 'package-lock.json', '.addon']);
/** Template files whose names npm or git would act upon inside the package are stored under another name. */
const RENAMED: Record<string, string> = { _gitignore: '.gitignore', _github: '.github' };
/**
 * At the top of a template folder, `{ "extends": "<template>" }`: the folder is laid over that template
 * (docs/templates.md). It describes the template, so it is never copied into the add-on.
 */
export const TEMPLATE_METADATA = 'template.json';

export async function listTemplates(templatesDir = TEMPLATES_DIR): Promise<string[]> {
  const entries = await readdir(templatesDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Copies a template, its base layers first, into a new or empty directory and fills in its placeholders. */
export async function scaffold(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const template = options.template ?? DEFAULT_TEMPLATE;
  const templatesDir = options.templatesDir ?? TEMPLATES_DIR;
  const templates = await listTemplates(templatesDir);
  if (!templates.includes(template))
    throw new UserError(`unknown template ${JSON.stringify(template)}; the templates are ${templates.join(', ')}`);
  // Every layer is read before the directory is made, so that a broken template writes nothing.
  const sources = await layeredFiles(templatesDir, await layers(templatesDir, template, templates));
  const dir = resolve(options.cwd ?? process.cwd(), options.dir);
  const undo = await prepareTarget(dir);
  try {
    const name = packageName(basename(dir));
    const values: Record<string, string> = {
      name,
      appId: `com.example.${appIdLabel(name)}`,
      devkit: options.devkit ?? (await devkitSpec(PACKAGE_ROOT, await kitVersion())),
    };
    for (const [target, source] of sources) await writeInto(join(dir, target), fill(await readFile(source), values));
    const files = [...sources.keys()].sort();
    return { dir, template, files, name, appId: values.appId, devkit: values.devkit };
  } catch (error) {
    // Half an add-on is worse than none: the next try would find the directory not empty.
    await undo();
    throw error;
  }
}

/** One file of the add-on, its directories made first; a path that will not take it is one line naming it. */
async function writeInto(path: string, content: Buffer): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  } catch (error) {
    throw await fileError(error, `cannot write ${path}`, path);
  }
}

/** The templates that make `template`, base first: the chain of its `extends`, ending with itself. */
async function layers(templatesDir: string, template: string, templates: string[]): Promise<string[]> {
  const chain = [template];
  for (let base = await baseOf(templatesDir, template); base !== undefined; base = await baseOf(templatesDir, base)) {
    if (!templates.includes(base))
      throw new UserError(
        `template ${JSON.stringify(chain.at(-1))} extends ${JSON.stringify(base)}, which is not a template; the templates are ${templates.join(', ')}`,
      );
    // A packaging bug, but one that must end in a message, not a loop.
    if (chain.includes(base))
      throw new UserError(`templates extend one another in a cycle: ${[...chain, base].join(' -> ')}`);
    chain.push(base);
  }
  return chain.reverse();
}

/** The template that `template` extends, from its TEMPLATE_METADATA; undefined when it extends none. */
async function baseOf(templatesDir: string, template: string): Promise<string | undefined> {
  const file = join(templatesDir, template, TEMPLATE_METADATA);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? undefined : Promise.reject(error),
  );
  if (text === undefined) return undefined; // No metadata: a template of its own.
  let base: unknown = null; // What a file that is no JSON object gives: refused below.
  try {
    const metadata: unknown = JSON.parse(text);
    if (metadata && typeof metadata === 'object' && !Array.isArray(metadata))
      base = (metadata as { extends?: unknown }).extends;
  } catch {
    // Not JSON: refused below too.
  }
  if (base === undefined) return undefined;
  if (typeof base !== 'string' || base === '') throw new UserError(`${file} must be { "extends": "<template>" }`);
  return base;
}

/**
 * Each file of the add-on, by its path there, mapped to the file of the highest layer that has it:
 * a file of an upper layer replaces the lower layer's file at the same path, whole.
 */
async function layeredFiles(templatesDir: string, chain: string[]): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  for (const layer of chain) {
    const root = join(templatesDir, layer);
    for (const file of await walk(root))
      if (file !== TEMPLATE_METADATA) sources.set(targetPath(file), join(root, file));
  }
  return sources;
}

/** Where a template's file goes in the add-on: its path, with the stored names of RENAMED restored. */
const targetPath = (file: string): string =>
  file
    .split('/')
    .map((part) => RENAMED[part] ?? part)
    .join('/');

/**
 * Makes `dir` ready for the add-on, new or empty, and gives back what undoes that: removing the
 * directories it made, or emptying the empty one again.
 */
async function prepareTarget(dir: string): Promise<() => Promise<void>> {
  try {
    const found = await stat(dir).catch((error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' ? null : Promise.reject(error),
    );
    if (found && !found.isDirectory()) throw new UserError(`${dir} exists and is not a directory`);
    if (found) {
      if ((await readdir(dir)).length > 0) throw new UserError(`${dir} is not empty; choose a new or empty directory`);
      return () => removeAll(dir, { keep: true });
    }
    // mkdir answers the first directory it made: the one to remove, with everything made under it.
    const made = (await mkdir(dir, { recursive: true })) ?? dir;
    return () => removeAll(made, { keep: false });
  } catch (error) {
    throw error instanceof UserError ? error : await fileError(error, `cannot create ${dir}`, dir);
  }
}

/** Removes `dir` with its content, or only its content when it is to be kept; quietly, being an undo. */
async function removeAll(dir: string, { keep }: { keep: boolean }): Promise<void> {
  const paths = keep ? (await readdir(dir).catch(() => [])).map((entry) => join(dir, entry)) : [dir];
  for (const path of paths) await rm(path, { recursive: true, force: true }).catch(() => {});
}

/** Every file under `root`, relative and `/`-separated. */
async function walk(root: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(join(root, prefix), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await walk(root, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** Replaces `{{name}}`, `{{appId}}` and `{{devkit}}` in text files; binary files (with a NUL) are copied as they are. */
function fill(content: Buffer, values: Record<string, string>): Buffer {
  if (content.includes(0)) return content;
  const text = content.toString('utf8').replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
  return Buffer.from(text, 'utf8');
}

/** A valid npm package name from a directory name: `My Add-on!` → `my-add-on`. */
export function packageName(dirName: string): string {
  const name = dirName
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+|[.-]+$/g, '')
    .slice(0, 214);
  return name || 'my-addon';
}

/** One label of an app id (`[a-z0-9][a-z0-9-]*`) from a package name: `my.add_on` → `my-add-on`. */
export function appIdLabel(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '') || 'my-addon'
  );
}

/** How to reach `dir` from `cwd` in a shell: relative when inside, quoted when needed. */
export function shellPath(dir: string, cwd = process.cwd()): string {
  const rel = relative(cwd, dir);
  const path = rel && !rel.startsWith('..') ? rel : dir;
  return /^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
