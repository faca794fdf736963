import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { UserError } from '../../errors.js';
import type { TriggerResult } from '../../webhooks/trigger.js';
import { checkedOption, plainId, type ValueKind } from '../arguments.js';
import { fromCwd } from '../cli-io.js';
import { deliveryLine } from '../delivery-line.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { color, println } from '../output.js';
import { API_PREFIX } from '../../sdk/browser/addresses.js';

/** `--data`: JSON given inline (read as the command is), or the file that holds it (read when it runs). */
type DataFlag = { data: Record<string, unknown> } | { file: string };

interface TriggerFlags extends EmulatorFlags {
  org?: string;
  record?: string;
  data?: DataFlag;
}

const dataFlag: ValueKind<DataFlag> = {
  takes: 'a JSON object, or @file holding one',
  read(text) {
    if (text.startsWith('@')) return { file: text.slice(1) };
    const data = jsonObject(text);
    return data && { data };
  },
};

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
      const data = flags.data && ('file' in flags.data ? await readData(flags.data.file) : flags.data.data);
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

async function readData(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(fromCwd(file), 'utf8').catch((error: Error) => {
    throw new UserError(`cannot read ${file}: ${error.message}`);
  });
  const data = jsonObject(text);
  if (!data) throw new UserError(`--data @${file}: the file must hold a JSON object`);
  return data;
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const data = JSON.parse(text);
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) return data;
  } catch {
    // not JSON: said by the caller
  }
  return undefined;
}
