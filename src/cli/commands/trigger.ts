import type { Command } from 'commander';
import type { TriggerResult } from '../../webhooks/trigger.js';
import { checkedOption, plainId } from '../arguments.js';
import { dataFlag, dataOf, type DataFlag } from '../data-flag.js';
import { deliveryLine } from '../delivery-line.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { color, println } from '../output.js';
import { API_PREFIX } from '../../sdk/browser/addresses.js';

interface TriggerFlags extends EmulatorFlags {
  org?: string;
  record?: string;
  data?: DataFlag;
}

export function triggerCommand(program: Command): void {
  againstEmulator(
    program
      .command('trigger <event>')
      .description("fire a catalog event with realistic data from the organization's records, to every subscriber")
      .addOption(checkedOption('--org <id>', 'organization id (default: the emulated one)', plainId))
      .addOption(
        checkedOption('--record <id>', "fire it for this record of the event's resource, with its fields as stored", plainId),
      )
      .addOption(
        checkedOption(
          '--data <json>',
          'JSON merged over the event data (JSON Merge Patch), or @file to read it from a file',
          dataFlag,
        ),
      ),
    'print the event data and the deliveries made',
    async (emulator, flags: TriggerFlags, event: string) => {
      const data = flags.data && (await dataOf(flags.data));
      const fields = { event: 'the event', orgId: '--org', recordId: '--record', data: '--data' };
      const body = { event, orgId: flags.org, recordId: flags.record, data };
      return emulator.post<TriggerResult>('/events/trigger', body, fields);
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
