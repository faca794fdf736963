import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/common/errors.js';
import { listTemplates, scaffold } from '../../src/init/scaffold.js';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

/** A folder of templates, each a record of its files' paths to their content. */
async function templatesDir(templates: Record<string, Record<string, string>>): Promise<string> {
  const root = await tempDir();
  for (const [template, files] of Object.entries(templates))
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(root, template, path)), { recursive: true });
      await writeFile(join(root, template, path), content);
    }
  return root;
}

const extending = (base: unknown): string => JSON.stringify({ extends: base });

/** Scaffolds `template` from `templates` into a new `my-addon` folder; its path is `dir`. */
async function make(templates: string, template: string) {
  const dir = join(await tempDir(), 'my-addon');
  return { dir, run: () => scaffold({ dir, template, templatesDir: templates, devkit: 'file:/kit' }) };
}

const BASE = {
  'package.json': '{ "name": "{{name}}" }\n',
  'README.md': '# base of {{name}}\n',
  _gitignore: 'node_modules/\n',
  'src/main.ts': '// {{appId}}\n',
};

describe('a template laid over another (template.json `extends`)', () => {
  it('gets the files of its base, its own over them, placeholders filled in every layer, and no template.json', async () => {
    const templates = await templatesDir({
      base: BASE,
      upper: {
        'template.json': extending('base'),
        'README.md': '# {{name}}, {{appId}}\n',
        'server/hooks.ts': '// {{devkit}}\n',
      },
    });
    const { dir, run } = await make(templates, 'upper');
    const result = await run();
    expect(result.files).toEqual(['.gitignore', 'README.md', 'package.json', 'server/hooks.ts', 'src/main.ts']);
    const read = (path: string) => readFile(join(dir, path), 'utf8');
    expect(await read('README.md')).toBe('# my-addon, com.example.my-addon\n');
    expect(await read('package.json')).toBe('{ "name": "my-addon" }\n');
    expect(await read('src/main.ts')).toBe('// com.example.my-addon\n');
    expect(await read('server/hooks.ts')).toBe('// file:/kit\n');
    expect((await readdir(dir)).sort()).toEqual(['.gitignore', 'README.md', 'package.json', 'server', 'src']);
    expect(await listTemplates(templates)).toEqual(['base', 'upper']);
  });

  it('stacks: a template may extend a layered one, the highest layer winning', async () => {
    const templates = await templatesDir({
      base: BASE,
      middle: { 'template.json': extending('base'), 'README.md': 'middle\n', 'src/main.ts': 'middle\n' },
      top: { 'template.json': extending('middle'), 'README.md': 'top\n' },
    });
    const { dir, run } = await make(templates, 'top');
    expect((await run()).files).toEqual(['.gitignore', 'README.md', 'package.json', 'src/main.ts']);
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('top\n');
    expect(await readFile(join(dir, 'src/main.ts'), 'utf8')).toBe('middle\n');
  });

  it('accepts a template.json that extends nothing', async () => {
    const templates = await templatesDir({ alone: { ...BASE, 'template.json': '{}' } });
    const { run } = await make(templates, 'alone');
    expect((await run()).files).toEqual(['.gitignore', 'README.md', 'package.json', 'src/main.ts']);
  });
});

describe('a broken layering is a one-line UserError, and nothing is written', () => {
  it.each([
    [
      'a missing base',
      { upper: { 'template.json': extending('gone') } },
      /^template "upper" extends "gone", which is not a template; the templates are upper$/,
    ],
    [
      'a base outside the templates',
      { upper: { 'template.json': extending('../upper') } },
      /extends "\.\.\/upper", which is not a template/,
    ],
    [
      'a template extending itself',
      { loop: { 'template.json': extending('loop') } },
      /^templates extend one another in a cycle: loop -> loop$/,
    ],
    [
      'a cycle of templates',
      {
        a: { 'template.json': extending('b') },
        b: { 'template.json': extending('c') },
        c: { 'template.json': extending('b') },
      },
      /^templates extend one another in a cycle: a -> b -> c -> b$/,
    ],
    [
      'a template.json that is no JSON',
      { upper: { 'template.json': 'extends: base' } },
      /template\.json must be \{ "extends": "<template>" \}$/,
    ],
    ['an extends that is no name', { upper: { 'template.json': extending(['base']) } }, /template\.json must be/],
    ['an empty extends', { upper: { 'template.json': extending('') } }, /template\.json must be/],
  ])('%s', async (_, templates, message) => {
    const first = Object.keys(templates)[0];
    const { dir, run } = await make(await templatesDir(templates), first);
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toMatch(message);
    expect((error as UserError).message).not.toContain('\n');
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
  });
});
