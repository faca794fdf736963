import type { Command } from 'commander';
import { DEFAULT_TEMPLATE, scaffold, shellPath } from '../../init/scaffold.js';
import { currentIo } from '../cli-io.js';
import { printJson, println } from '../output.js';

interface InitFlags {
  template: string;
  devkit?: string;
  json?: boolean;
}

export function initCommand(program: Command): void {
  program
    .command('init')
    .description('create a starter add-on in <dir> (new or empty) from a template')
    .argument('<dir>', 'where to create it; its name gives the package name and the app id')
    .option('-t, --template <name>', 'vite-ts (a front end) or full-stack (plus a webhook receiver)', DEFAULT_TEMPLATE)
    .option('--devkit <spec>', 'the dependency spec on addon-devkit (default: where the running kit came from)')
    .option('--json', 'print {dir, template, files}')
    .action(async (dir: string, flags: InitFlags) => {
      const { cwd } = currentIo();
      const result = await scaffold({ dir, template: flags.template, devkit: flags.devkit, cwd });
      if (flags.json) return printJson({ dir: result.dir, template: result.template, files: result.files });
      println(`Created ${result.name} (${result.appId}) from the ${result.template} template in ${result.dir}`);
      println();
      println('Next steps:');
      println(`  cd ${shellPath(result.dir, cwd)}`);
      println('  npm install');
      println('  npx addon dev      # the emulator, the host page and your add-on');
      println('  npm test           # the integration tests, against an in-memory emulator');
    });
}
