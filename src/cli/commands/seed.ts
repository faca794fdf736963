import type { Command } from 'commander';
import type { SeedSummary } from '../../domain/seed.js';
import { control, emulatorUrl, withEmulatorFlag } from '../emulator-client.js';
import { wholeNumber } from '../emulator-flags.js';
import { printJson, println } from '../output.js';

interface SeedFlags {
  org?: string;
  size?: number;
  json?: boolean;
  emulator?: string;
}

export function seedCommand(program: Command): void {
  withEmulatorFlag(
    program
      .command('seed')
      .description('fill an organization with realistic sample records (customers, invoices, products, ...)')
      .option('--org <id>', 'organization id (default: the emulated one)')
      .option('--size <n>', 'how many customers to make; the other resources scale with it', wholeNumber)
      .option('--json', 'print the summary as JSON'),
  ).action(async (flags: SeedFlags) => {
    const summary = await control<SeedSummary>(
      emulatorUrl(flags.emulator),
      '/seed',
      { orgId: flags.org, size: flags.size },
      { orgId: '--org', size: '--size' },
    );
    if (flags.json) return printJson(summary);
    const counts = Object.entries(summary.created).map(([name, n]) => `${n} ${name}`);
    println(`Seeded ${summary.orgId}: ${counts.join(', ')}`);
  });
}
