import type { Command } from 'commander';
import type { Delivery } from '../../webhooks/delivery-log.js';
import type { InboxEntry } from '../../webhooks/inbox.js';
import { control, emulatorUrl, withEmulatorFlag } from '../emulator-client.js';
import { wholeNumber } from '../emulator-flags.js';
import { color, printJson, println } from '../output.js';
import { deliveryLine } from './events.js';

const ID = { id: 'the delivery id' };

interface Flags {
  json?: boolean;
  emulator?: string;
}

export function deliveriesCommand(program: Command): void {
  const deliveries = withEmulatorFlag(
    program
      .command('deliveries')
      .description('list webhook deliveries, newest first')
      .option('--event <name>', 'only this event')
      .option('--status <status>', 'only pending, succeeded, failed or cancelled')
      .option('-n, --limit <n>', 'how many', wholeNumber, 50)
      .option('--json', 'print as JSON'),
  ).action(async (flags: Flags & { event?: string; status?: string; limit: number }) => {
    const query = new URLSearchParams({ limit: String(flags.limit) });
    if (flags.event) query.set('event', flags.event);
    if (flags.status) query.set('status', flags.status);
    const { data } = await control<{ data: Delivery[] }>(
      emulatorUrl(flags.emulator),
      `/deliveries?${query}`,
      undefined,
      {
        event: '--event',
        status: '--status',
        limit: '--limit',
      },
    );
    if (flags.json) return printJson(data);
    data.forEach((delivery) => println(deliveryLine(delivery)));
    if (!data.length) println(color.dim('No deliveries yet.'));
  });

  withEmulatorFlag(
    deliveries
      .command('show <id>')
      .description('one delivery with every attempt: request headers and body, response or error')
      .option('--json', 'print as JSON'),
  ).action(async (id: string, flags: Flags) => {
    const delivery = await control<Delivery>(
      emulatorUrl(flags.emulator),
      `/deliveries/${encodeURIComponent(id)}`,
      undefined,
      ID,
    );
    if (flags.json) return printJson(delivery);
    println(deliveryLine(delivery));
    println(color.dim('body: ') + delivery.payload);
    for (const attempt of delivery.attempts) {
      println(`\nattempt ${attempt.attempt} at ${attempt.at}, ${attempt.durationMs}ms`);
      for (const [name, value] of Object.entries(attempt.request.headers)) println(color.dim(`  > ${name}: ${value}`));
      if (attempt.response) {
        println(`  < ${attempt.response.status}`);
        if (attempt.response.body)
          println(color.dim(`  < ${attempt.response.body}${attempt.response.truncated ? ' (truncated)' : ''}`));
      } else {
        println(`  ! ${attempt.error}`);
      }
    }
  });

  withEmulatorFlag(
    deliveries
      .command('replay <id>')
      .description("send a delivery's event and data again, signed, as a new delivery (new deliveryId)")
      .option('--json', 'print as JSON'),
  ).action(async (id: string, flags: Flags) => {
    const delivery = await control<Delivery>(
      emulatorUrl(flags.emulator),
      `/deliveries/${encodeURIComponent(id)}/replay`,
      {},
      ID,
    );
    if (flags.json) return printJson(delivery);
    println(deliveryLine(delivery));
  });
}

export function inboxCommand(program: Command): void {
  withEmulatorFlag(
    program
      .command('inbox <name>')
      .description('show what arrived at the built-in receiver <emulator>/inbox/<name>, with its signature check')
      .option('-n, --limit <n>', 'how many of the newest', wholeNumber, 50)
      .option('--json', 'print as JSON'),
  ).action(async (name: string, flags: Flags & { limit: number }) => {
    const base = emulatorUrl(flags.emulator);
    const { data } = await control<{ data: InboxEntry[] }>(
      base,
      `/inbox/${encodeURIComponent(name)}?limit=${flags.limit}`,
      undefined,
      { name: 'the inbox name', limit: '--limit' },
    );
    if (flags.json) return printJson(data);
    if (!data.length) println(color.dim(`Nothing arrived yet at ${base}/inbox/${name}.`));
    for (const entry of data) {
      const signature = entry.signatureValid ? color.green('signature ok') : color.red('bad signature');
      println(
        `${color.dim(entry.receivedAt)}  ${entry.event ?? '-'}  ${signature}  attempt ${entry.attempt ?? '-'}  ${color.dim(entry.deliveryId ?? '')}`,
      );
      println(color.dim(`  ${JSON.stringify(entry.body)}`));
    }
  });
}
