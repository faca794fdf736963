import { readFile } from 'node:fs/promises';
import { basename, resolve, sep } from 'node:path';

const NAME = 'addon-devkit';
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

/**
 * The dependency spec a new add-on gets on this kit, so that its `npm install` finds the same kit
 * that ran `addon init`:
 *  - run from a checkout of the kit (not inside a node_modules): `file:` and the checkout;
 *  - run from an installed kit: the spec the installing project declared (a registry range, a git
 *    URL, or a `file:` tarball made absolute); `npx` keeps one such project per package it runs;
 *  - else `^<version>` of the registry.
 * Never a `file:` path into someone's node_modules: that is a copy npm would install as a link, and
 * it does not exist on another machine.
 */
export async function devkitSpec(root: string, version: string): Promise<string> {
  const modules = root.split(sep).lastIndexOf('node_modules');
  if (modules < 0 || basename(root) !== NAME) return `file:${posix(root)}`;
  const project = root.split(sep).slice(0, modules).join(sep) || sep;
  const declared = await declaredSpec(project);
  if (!declared) return `^${version}`;
  return declared.startsWith('file:') ? `file:${posix(resolve(project, declared.slice(5)))}` : declared;
}

async function declaredSpec(project: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(resolve(project, 'package.json'), 'utf8'));
    for (const field of DEPENDENCY_FIELDS) {
      const spec = manifest?.[field]?.[NAME];
      if (typeof spec === 'string') return spec;
    }
  } catch {
    // No readable manifest (a global install, say): fall back to the registry.
  }
  return undefined;
}

const posix = (path: string): string => path.split(sep).join('/');
