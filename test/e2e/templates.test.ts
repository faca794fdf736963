import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cli, ROOT, tempDir } from '../helpers.js';

afterEach(cleanUp);

/** Every folder of templates/: a new template is tested without touching this file. */
const TEMPLATES = readdirSync(join(ROOT, 'templates')).sort();
const APP_ID_RULE = /^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/;
/** Each template laid over another, and that base, as its template.json says (docs/templates.md). */
const LAYERED = TEMPLATES.flatMap((template) => {
  const metadata = join(ROOT, 'templates', template, 'template.json');
  return existsSync(metadata) ? [[template, JSON.parse(readFileSync(metadata, 'utf8')).extends as string]] : [];
});

describe.each(TEMPLATES)('addon init --template %s', (template) => {
  it('fills in every placeholder, and depends on this checkout when run from it', async () => {
    const dir = join(await tempDir(), 'my-addon');
    const init = await cli(['init', dir, '--template', template, '--json']);
    expect(init.stderr).toBe('');
    expect(init.exitCode).toBe(0);
    const result = JSON.parse(init.stdout) as { dir: string; template: string; files: string[] };
    expect(result).toMatchObject({ dir, template });
    expect(result.files).toEqual(expect.arrayContaining(['.gitignore', 'package.json', 'addon.config.json']));
    expect(result.files).not.toContain('_gitignore');
    expect(result.files).not.toContain('template.json');
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({ name: 'my-addon', private: true, type: 'module' });
    expect(pkg.devDependencies['addon-devkit']).toBe(`file:${ROOT.replace(/\/$/, '')}`);
    const config = JSON.parse(await readFile(join(dir, 'addon.config.json'), 'utf8'));
    expect(config).toMatchObject({ appId: 'com.example.my-addon', name: 'my-addon', dev: 'npm run dev' });
    for (const file of result.files) expect(await readFile(join(dir, file), 'utf8'), file).not.toMatch(/\{\{\w+\}\}/);
  });
});

describe.each(LAYERED)('addon init --template %s, laid over %s', (template, base) => {
  it('is its base, with the files of its own folder added to it or replacing them', async () => {
    const parent = await tempDir();
    const made = async (name: string) => {
      const dir = join(parent, name, 'my-addon');
      const { files } = JSON.parse((await cli(['init', dir, '--template', name, '--json'])).stdout) as {
        files: string[];
      };
      return { files, read: (file: string) => readFile(join(dir, file), 'utf8') };
    };
    const [lower, upper] = [await made(base), await made(template)];
    const folder = join(ROOT, 'templates', template);
    const own = (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(folder, join(entry.parentPath, entry.name)).replace(/(^|\/)_gitignore$/, '$1.gitignore'))
      .filter((file) => file !== 'template.json');
    expect(upper.files).toEqual([...new Set([...lower.files, ...own])].sort());
    for (const file of lower.files) {
      const [theirs, ours] = [await lower.read(file), await upper.read(file)];
      // A file of the upper folder that is the same as the base's is a copy the layering makes needless.
      if (own.includes(file)) expect(ours, `${file} overrides the base with the same content`).not.toBe(theirs);
      else expect(ours, file).toBe(theirs);
    }
  });
});

describe('addon init', () => {
  it('prints the next steps, and derives a valid package name and app id from the directory', async () => {
    const parent = await tempDir();
    const init = await cli(['init', 'My Add_on!'], { cwd: parent });
    expect(init.exitCode).toBe(0);
    expect(init.stdout).toContain('from the vite-ts template');
    expect(init.stdout).toMatch(/cd 'My Add_on!'\n\s+npm install\n\s+npx addon dev/);
    const dir = join(parent, 'My Add_on!');
    const { name } = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    const { appId } = JSON.parse(await readFile(join(dir, 'addon.config.json'), 'utf8'));
    expect(name).toBe('my-add_on');
    expect(appId).toBe('com.example.my-add-on');
    expect(appId).toMatch(APP_ID_RULE);
    expect((await readdir(dir)).sort()).toContain('.gitignore');
  });

  it('refuses a directory that is not empty, in one line', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'notes.txt'), 'mine');
    const init = await cli(['init', dir]);
    expect(init.exitCode).toBe(1);
    expect(init.stdout).toBe('');
    expect(init.stderr).toBe(`addon: ${dir} is not empty; choose a new or empty directory`);
    expect(await readdir(dir)).toEqual(['notes.txt']);
  });

  it('refuses an unknown template, in one line naming the templates', async () => {
    const dir = join(await tempDir(), 'x');
    const init = await cli(['init', dir, '--template', 'react']);
    expect(init.exitCode).toBe(1);
    expect(init.stderr).toBe('addon: unknown template "react"; the templates are full-stack, vite-ts');
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
  });
});
