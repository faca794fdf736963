import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { devkitSpec } from '../../src/init/devkit-spec.js';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

/** A project that installed the kit with `spec`: its manifest, and the kit's folder in node_modules. */
async function installedWith(spec: string | null): Promise<{ project: string; kit: string }> {
  const project = await tempDir();
  const kit = join(project, 'node_modules', 'addon-devkit');
  await mkdir(kit, { recursive: true });
  const manifest = spec === null ? { name: 'x' } : { name: 'x', devDependencies: { 'addon-devkit': spec } };
  await writeFile(join(project, 'package.json'), JSON.stringify(manifest));
  return { project, kit };
}

describe('the dependency spec `addon init` writes on the kit', () => {
  it('is file: and the checkout when the kit runs from a checkout', async () => {
    expect(await devkitSpec('/home/dev/addon-devkit', '0.1.0')).toBe('file:/home/dev/addon-devkit');
  });

  it('is the tarball the installing project named, made absolute, never a path into node_modules', async () => {
    const { project, kit } = await installedWith('file:../kits/addon-devkit-0.1.0.tgz');
    expect(await devkitSpec(kit, '0.1.0')).toBe(`file:${join(project, '..', 'kits', 'addon-devkit-0.1.0.tgz')}`);
  });

  it('is the registry range or git URL the installing project named, as it is', async () => {
    expect(await devkitSpec((await installedWith('^0.1.0')).kit, '0.1.0')).toBe('^0.1.0');
    const git = 'git+https://example.com/kit.git#v0.1.0';
    expect(await devkitSpec((await installedWith(git)).kit, '0.1.0')).toBe(git);
  });

  it('is ^version when no project declares the kit (a global install)', async () => {
    expect(await devkitSpec((await installedWith(null)).kit, '0.1.0')).toBe('^0.1.0');
    expect(await devkitSpec('/usr/lib/node_modules/addon-devkit', '0.2.3')).toBe('^0.2.3');
  });
});
