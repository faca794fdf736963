import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { TriggerResult } from '../../control/webhook-control.js';
import { UserError } from '../../errors.js';
import { DEFAULT_REGISTRY } from '../../emulator/registry.js';
import { scopeToReceive } from '../../webhooks/catalog.js';
import type { Delivery } from '../../webhooks/delivery-log.js';
import { control, emulatorUrl, withEmulatorFlag } from '../emulator-client.js';
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
        return printJson(catalog.published());
      }
      const width = Math.max(...catalog.events.map((e) => e.name.length));
      for (const event of catalog.events) {
        const fields = Object.keys((event.schema.properties as object) ?? {}).join(', ');
        println(`${event.name.padEnd(width)}  ${color.dim(scopeToReceive(event).padEnd(15))} ${event.description}`);
        println(`${' '.repeat(width)}  ${color.dim(`data: ${fields}`)}`);
      }
    });
}

interface TriggerFlags {
  org?: string;
  data?: string;
  json?: boolean;
  emulator?: string;
}

export function triggerCommand(program: Command): void {
  withEmulatorFlag(
    program
      .command('trigger <event>')
      .description("fire a catalog event with realistic data from the organization's records, to every subscriber")
      .option('--org <id>', 'organization id (default: the emulated one)')
      .option('--data <json>', 'JSON merged over the event data (JSON Merge Patch), or @file to read it from a file')
      .option('--json', 'print the event data and the deliveries made'),
  ).action(async (event: string, flags: TriggerFlags) => {
    const data = flags.data === undefined ? undefined : await readData(flags.data);
    const result = await control<TriggerResult>(
      emulatorUrl(flags.emulator),
      '/events/trigger',
      { event, orgId: flags.org, data },
      { event: 'the event', orgId: '--org', data: '--data' },
    );
    if (flags.json) return printJson(result);
    println(
      `Fired ${result.event} in ${result.orgId}: ${result.deliveries.length} ${result.deliveries.length === 1 ? 'delivery' : 'deliveries'}`,
    );
    result.deliveries.forEach((delivery) => println(`  ${deliveryLine(delivery)}`));
    if (!result.deliveries.length)
      println(color.dim(`  No active subscription to ${event}; subscribe with POST /api/addon/v1/events/subscribe.`));
  });
}

async function readData(option: string): Promise<Record<string, unknown>> {
  let text = option;
  if (option.startsWith('@')) {
    text = await readFile(option.slice(1), 'utf8').catch((error: Error) => {
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

/** `succeeded  invoice.paid  http://...  200  12ms  (attempt 1)  <id>` */
export function deliveryLine(delivery: Delivery): string {
  const last = delivery.attempts.at(-1);
  const outcome = last ? (last.response ? String(last.response.status) : last.error) : 'not sent yet';
  const status = { succeeded: color.green, failed: color.red, pending: color.yellow, cancelled: color.dim }[
    delivery.status
  ](delivery.status.padEnd(9));
  const timing = last ? `${last.durationMs}ms (attempt ${last.attempt})` : '';
  const next = delivery.nextAttemptAt ? color.dim(` next ${delivery.nextAttemptAt}`) : '';
  return `${status} ${delivery.event}  ${delivery.webhookUrl}  ${outcome}  ${timing}  ${color.dim(delivery.deliveryId)}${next}`;
}
