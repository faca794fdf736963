import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { layersOf, scaffold } from '../../src/init/scaffold.js';
import { cleanUp, tempDir } from '../helpers.js';

afterEach(cleanUp);

async function templates(layout: Record<string, string | null>): Promise<string> {
  const root = await tempDir();
  for (const [name, base] of Object.entries(layout)) {
    await mkdir(join(root, name), { recursive: true });
    if (base) await writeFile(join(root, name, 'template.json'), JSON.stringify({ extends: base }));
  }
  return root;
}

describe('template layers', () => {
  it('lays a template over the one it extends, base first', async () => {
    expect(await layersOf('full-stack')).toEqual(['vite-ts', 'full-stack']);
    expect(await layersOf('vite-ts')).toEqual(['vite-ts']);
    const root = await templates({ a: null, b: 'a', c: 'b' });
    expect(await layersOf('c', root)).toEqual(['a', 'b', 'c']);
  });

  it('stops at a circle or a missing base instead of looping', async () => {
    const root = await templates({ a: 'b', b: 'a', c: 'nope' });
    await expect(layersOf('a', root)).rejects.toThrow('template a extends itself: a -> b -> a');
    await expect(layersOf('c', root)).rejects.toThrow('template c extends nope, which is not a template');
  });

  it("gives full-stack the base's files, its own in their place, and never the layer file", async () => {
    const dir = join(await tempDir(), 'layered');
    const { files } = await scaffold({ dir, template: 'full-stack', devkit: 'file:/kit' });
    expect(files).toEqual(
      expect.arrayContaining(['index.html', 'src/main.ts', 'package.json', 'server/webhooks.ts', 'vite.config.ts']),
    );
    expect(files).not.toContain('template.json');
    const readme = await readFile(join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('**full-stack** template');
  });
});
