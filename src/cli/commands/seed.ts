import type { Command } from 'commander';
import type { SeedSummary } from '../../domain/seed.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { wholeNumber } from '../emulator-flags.js';
import { println } from '../output.js';

/** `addon seed`: sample records in an organization. */
export function seedCommand(program: Command): void {
  againstEmulator(
    program
      .command('seed')
      .description('fill an organization with realistic sample records of every resource')
      .option('--org <id>', 'organization id (default: the emulated one)')
      .option('--size <n>', 'how many customers to make; the other resources scale with it', wholeNumber),
    'print the summary as JSON',
    (emulator, flags: EmulatorFlags & { org?: string; size?: number }) =>
      emulator.post<SeedSummary>('/seed', { orgId: flags.org, size: flags.size }, { orgId: '--org', size: '--size' }),
    (summary) => {
      const counts = Object.entries(summary.created).map(([name, n]) => `${n} ${name}`);
      println(`Seeded ${summary.orgId}: ${counts.join(', ')}`);
    },
  );
}
