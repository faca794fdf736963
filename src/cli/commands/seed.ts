import type { Command } from 'commander';
import type { SeedSummary } from '../../domain/seed.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { MAX_SEED_SIZE } from '../../common/limits.js';
import { checkedOption, count, plainId } from '../arguments.js';
import { println } from '../output.js';

/** `addon seed`: sample records in an organization. */
export function seedCommand(program: Command): void {
  againstEmulator(
    program
      .command('seed')
      .description('fill an organization with realistic sample records of every resource, the same ones every time')
      .addOption(checkedOption('--org <id>', 'organization id (default: the emulated one)', plainId))
      .addOption(
        checkedOption(
          '--size <n>',
          'how many customers to make; the other resources scale with it',
          count(MAX_SEED_SIZE, 1),
        ),
      ),
    'print the summary as JSON',
    (emulator, flags: EmulatorFlags & { org?: string; size?: number }) =>
      emulator.post<SeedSummary>('/seed', { orgId: flags.org, size: flags.size }, { orgId: '--org', size: '--size' }),
    (summary) => {
      const counts = Object.entries(summary.created).map(([name, n]) => `${n} ${name}`);
      println(`Seeded ${summary.orgId}: ${counts.join(', ')}`);
    },
  );
}
