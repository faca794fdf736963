import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UserError } from '../../errors.js';
import type { TriggerResult } from '../../webhooks/trigger.js';
import { fromCwd } from '../cli-io.js';
import { deliveryLine } from '../delivery-line.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { color, println } from '../output.js';
import { API_PREFIX } from '../../sdk/browser/addresses.js';

interface TriggerFlags extends EmulatorFlags {
  org?: string;
  data?: string;
}

export function triggerCommand(program: Command): void {
  againstEmulator(
    program
      .command('trigger <event>')
      .description("fire a catalog event with realistic data from the organization's records, to every subscriber")
      .option('--org <id>', 'organization id (default: the emulated one)')
      .option('--data <json>', 'JSON merged over the event data (JSON Merge Patch), or @file to read it from a file'),
    'print the event data and the deliveries made',
    async (emulator, flags: TriggerFlags, event: string) => {
      const data = flags.data === undefined ? undefined : await readData(flags.data);
      const fields = { event: 'the event', orgId: '--org', data: '--data' };
      return emulator.post<TriggerResult>('/events/trigger', { event, orgId: flags.org, data }, fields);
    },
    (result) => {
      const { deliveries } = result;
      println(
        `Fired ${result.event} in ${result.orgId}: ${deliveries.length} ${deliveries.length === 1 ? 'delivery' : 'deliveries'}`,
      );
      deliveries.forEach((delivery) => println(`  ${deliveryLine(delivery)}`));
      if (!deliveries.length)
        println(
          color.dim(`  No active subscription to ${result.event}; subscribe with POST ${API_PREFIX}/events/subscribe.`),
        );
    },
  );
}

async function readData(option: string): Promise<Record<string, unknown>> {
  let text = option;
  if (option.startsWith('@')) {
    text = await readFile(fromCwd(option.slice(1)), 'utf8').catch((error: Error) => {
      throw new UserError(`cannot read ${option.slice(1)}: ${error.message}`);
    });
  }
  try {
    const data = JSON.parse(text);
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return data;
  } catch {
    // reported below
  }
  throw new UserError('--data must be a JSON object, or @file holding one');
}
