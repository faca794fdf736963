import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { processIo } from '../../src/cli/cli-io.js';
import { program } from '../../src/cli/main.js';
import { cliReference, withReference } from '../../src/cli/reference.js';
import { ROOT } from '../helpers.js';

describe('docs/cli.md', () => {
  it('holds the reference the build makes from the CLI: every command, flag and example', () => {
    const doc = readFileSync(`${ROOT}/docs/cli.md`, 'utf8');
    const reference = cliReference(program(processIo()));
    expect(withReference(doc, reference), 'run npm run build').toBe(doc);
    for (const path of ['dev', 'listen', 'check', 'faults add', 'state export', 'completion'])
      expect(reference).toContain(`### addon ${path}\n`);
    expect(reference).toContain('| `--forward-to <url>` |');
  });
});
