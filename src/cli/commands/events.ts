import type { Command } from 'commander';
import { DEFAULT_REGISTRY } from '../../domain/resources/registry.js';
import { scopeToReceive } from '../../domain/catalog.js';
import { color, printJson, println } from '../output.js';

/** `addon events` runs without an emulator, so it lists the platform's own catalog. */
const { catalog } = DEFAULT_REGISTRY;

export function eventsCommand(program: Command): void {
  program
    .command('events')
    .description('list the event catalog: every event, the scope a subscriber needs, and its data fields')
    .option('--json', 'print the catalog with the JSON schema of each event')
    .action((flags: { json?: boolean }) => {
      if (flags.json) {
        const data = catalog.published();
        return printJson({ data, total: data.length });
      }
      const width = Math.max(...catalog.events.map((e) => e.name.length));
      for (const event of catalog.events) {
        const fields = Object.keys((event.schema.properties as object) ?? {}).join(', ');
        println(`${event.name.padEnd(width)}  ${color.dim(scopeToReceive(event).padEnd(15))} ${event.description}`);
        println(`${' '.repeat(width)}  ${color.dim(`data: ${fields}`)}`);
      }
    });
}
