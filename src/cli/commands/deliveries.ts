import type { Command } from 'commander';
import type { Delivery } from '../../webhooks/delivery-log.js';
import { DELIVERY_STATUSES } from '../../webhooks/delivery-status.js';
import { deliveryLine } from '../delivery-line.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { MAX_DELIVERIES } from '../../common/limits.js';
import { checkedOption, count, oneOf } from '../arguments.js';
import { color, println } from '../output.js';

const ID = { id: 'the delivery id' };

interface ListFlags extends EmulatorFlags {
  event?: string;
  status?: string;
  limit: number;
}

/** What an empty list says: of the filter when there is one (`No failed invoice.paid deliveries.`). */
function noneSaid({ status, event }: ListFlags): string {
  if (!status && !event) return 'No deliveries yet.';
  return `No ${[status, event].filter(Boolean).join(' ')} deliveries.`;
}

/** `addon deliveries`: the delivery log, one delivery with its attempts, and replay. */
export function deliveriesCommand(program: Command): void {
  const deliveries = againstEmulator(
    program
      .command('deliveries')
      .description('list webhook deliveries, newest first')
      .option('--event <name>', 'only this event')
      .addOption(
        checkedOption('--status <status>', `only one of ${DELIVERY_STATUSES.join(', ')}`, oneOf(DELIVERY_STATUSES)),
      )
      .addOption(checkedOption('-n, --limit <n>', 'how many', count(MAX_DELIVERIES, 1), { fallback: 50 })),
    'print as JSON',
    async (emulator, flags: ListFlags) => {
      const query = new URLSearchParams({ limit: String(flags.limit) });
      if (flags.event) query.set('event', flags.event);
      if (flags.status) query.set('status', flags.status);
      const fields = { event: '--event', status: '--status', limit: '--limit' };
      return emulator.get<{ data: Delivery[] }>(`/deliveries?${query}`, fields);
    },
    ({ data }, { flags }) => {
      data.forEach((delivery) => println(deliveryLine(delivery)));
      if (!data.length) println(color.dim(noneSaid(flags)));
    },
  );

  againstEmulator(
    deliveries
      .command('show <id>')
      .description('one delivery with every attempt: request headers and body, response or error'),
    'print as JSON',
    (emulator, _flags: EmulatorFlags, id: string) =>
      emulator.get<Delivery>(`/deliveries/${encodeURIComponent(id)}`, ID),
    showDelivery,
  );

  againstEmulator(
    deliveries
      .command('replay <id>')
      .description("send a delivery's event and data again, signed, as a new delivery (new deliveryId)"),
    'print as JSON',
    (emulator, _flags: EmulatorFlags, id: string) =>
      emulator.post<Delivery>(`/deliveries/${encodeURIComponent(id)}/replay`, {}, ID),
    (delivery) => println(deliveryLine(delivery)),
  );
}

function showDelivery(delivery: Delivery): void {
  println(deliveryLine(delivery));
  println(color.dim('body: ') + delivery.payload);
  for (const attempt of delivery.attempts) {
    println(
      `\nattempt ${attempt.attempt} at ${attempt.at}, ${attempt.durationMs}ms${attempt.duplicate ? ' (duplicate)' : ''}`,
    );
    for (const [name, value] of Object.entries(attempt.request.headers)) println(color.dim(`  > ${name}: ${value}`));
    if (attempt.response) {
      println(`  < ${attempt.response.status}`);
      if (attempt.response.body)
        println(color.dim(`  < ${attempt.response.body}${attempt.response.truncated ? ' (truncated)' : ''}`));
    } else {
      println(`  ! ${attempt.error}`);
    }
  }
}
