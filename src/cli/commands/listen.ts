import type { Command } from 'commander';
import { covers } from '../../auth/scopes.js';
import type { EmulatorStatus } from '../../control/control-api.js';
import { UserError } from '../../common/errors.js';
import type { PublishedEvent } from '../../domain/catalog.js';
import type { AttemptReport, DisabledReport } from '../../webhooks/dispatcher.js';
import type { GivenBack, LeaseHeld, LeaseRequest } from '../../webhooks/leases.js';
import type { Subscription } from '../../installations/subscriptions.js';
import { deliveryAttemptJson, deliveryAttemptLine, disabledJson, disabledLine } from '../delivery-line.js';
import { againstEmulator, type EmulatorClient, type EmulatorFlags } from '../emulator-command.js';
import { serverSentEvents } from '../event-stream.js';
import { checkedOption, httpUrl, type ValueKind } from '../arguments.js';
import { color, printJsonLine, println } from '../output.js';

interface ListenFlags extends EmulatorFlags {
  events?: string[];
  forwardTo?: string;
}

/** The built-in inbox deliveries go to without `--forward-to`: `<emulator>/inbox/listen`. */
const INBOX = 'listen';
const FIELDS = { event: 'the event', webhookUrl: '--forward-to' };

/** `addon listen`: the add-on subscribed to events while it runs, each delivery sent where asked and printed. */
export function listenCommand(program: Command): void {
  againstEmulator(
    program
      .command('listen')
      .description(
        'subscribe the add-on to events while it runs, so the emulator sends each delivery, signed, to --forward-to (or its built-in inbox); one line per delivery; the subscriptions are a lease on its connection: however listen ends (Ctrl-C, kill -9, a closed terminal), the emulator removes them and puts back what they replaced',
      )
      .addOption(
        checkedOption(
          '--events <list>',
          'the events, comma-separated (default: every event the granted scopes receive)',
          eventList,
        ),
      )
      .addOption(
        checkedOption(
          '--forward-to <url>',
          `the receiver deliveries are sent to (default: the built-in inbox <emulator>/inbox/${INBOX})`,
          httpUrl('http://127.0.0.1:3000/webhooks'),
        ),
      ),
    'one JSON object per line: ready, each delivery attempt, stopped',
    listen,
  );
}

const eventList: ValueKind<string[]> = {
  takes: 'event names, comma-separated, like invoice.paid,customer.created',
  read(text) {
    const events = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
    return events.length ? events : undefined;
  },
};

async function listen(emulator: EmulatorClient, flags: ListenFlags): Promise<void> {
  const status = await emulator.get<EmulatorStatus>('/status');
  const { data: catalog } = await emulator.publicApi<{ data: PublishedEvent[] }>('/events/catalog');
  const request: LeaseRequest = {
    webhookUrl: flags.forwardTo ?? `${emulator.url}/inbox/${INBOX}`,
    events: chosenEvents(catalog, status.grantedScopes, flags.events),
  };
  const stop = stopSignal();
  try {
    const { held, given } = await holdLease(emulator, request, stop, flags);
    if (given && stop.requested) return printStopped(given, flags.json);
    const made = held?.subscribed.join(', ');
    throw new UserError(
      `the emulator at ${emulator.url} stopped` +
        (!made
          ? ''
          : given
            ? `; it gave back the subscriptions listen made (${made})`
            : `; the subscriptions listen made (${made}) are given back at its next start, if it keeps a data dir`),
    );
  } finally {
    stop.dispose();
  }
}

/**
 * Holds the emulator's lease on the subscriptions (POST /_emulator/leases): they live as long as its
 * connection does, so however listen ends, even killed, the emulator gives them back. Prints what the
 * stream tells until it ends: at Ctrl-C, which ends the lease (its `stopped` says what was given back),
 * or when the emulator stops.
 */
async function holdLease(emulator: EmulatorClient, request: LeaseRequest, stop: StopSignal, flags: ListenFlags) {
  const stream = await emulator.stream('/leases', request, FIELDS);
  let held: LeaseHeld | null = null;
  let given: GivenBack | null = null;
  // The answer is the stream's `stopped`; a failure to end it is the emulator gone, which the stream says.
  const end = () => emulator.delete(`/leases/${held!.leaseId}`).catch(() => {});
  try {
    for await (const { name, data } of serverSentEvents(stream.body!)) {
      if (name === 'ready') {
        held = data as LeaseHeld;
        if (!stop.requested) printReady(held, flags.json);
        void stop.stopped.then(end);
      }
      if (name === 'delivery') printDelivery(data as AttemptReport, !flags.forwardTo, flags.json);
      // The receiver failed a delivery three times: the platform stops sending to it.
      if (name === 'subscription-disabled') printDisabled(data as DisabledReport, flags.json);
      if (name === 'stopped') given = data as GivenBack;
    }
  } finally {
    await stream.body?.cancel().catch(() => {});
  }
  return { held, given };
}

/** The events asked for, each one the add-on may receive; by default every one its granted scopes cover. */
function chosenEvents(catalog: PublishedEvent[], granted: string[], asked?: string[]): string[] {
  if (!asked) {
    const events = catalog.filter(({ scope }) => covers(granted, scope)).map(({ name }) => name);
    if (!events.length)
      throw new UserError(
        `the add-on is granted no scope that receives events (granted: ${granted.join(' ') || 'none'})`,
      );
    return events;
  }
  for (const name of asked) {
    const event = catalog.find((e) => e.name === name);
    if (!event) throw new UserError(`${name} is not in the event catalog (addon events lists them)`);
    if (!covers(granted, event.scope))
      throw new UserError(`${name} needs ${event.scope}, which the add-on is not granted`);
  }
  return asked;
}

/** A subscription as the add-on API shows it: the spec's three fields. */
const view = ({ event, webhookUrl, isActive }: Subscription) => ({ event, webhookUrl, isActive });

function printReady({ appId, orgId, webhookUrl, events, subscribed, kept, replaced }: LeaseHeld, json?: boolean): void {
  if (json)
    return printJsonLine({
      event: 'ready',
      appId,
      orgId,
      webhookUrl,
      events,
      subscribed,
      kept,
      replaced: replaced.map(view),
    });
  println(
    `${color.green('Ready')}: forwarding to ${color.cyan(webhookUrl)} (${appId} in ${orgId}); Ctrl-C stops and unsubscribes.`,
  );
  println(color.dim(`  ${events.join(', ')}`));
  for (const { event, webhookUrl: url, isActive } of replaced)
    println(
      color.dim(`  ${event} was subscribed to ${url}${isActive ? '' : ' (disabled)'}; it is put back at the end.`),
    );
}

function printDelivery(report: AttemptReport, inbox: boolean, json?: boolean): void {
  if (json) return printJsonLine({ ...deliveryAttemptJson(report), payload: report.delivery.payload });
  println(deliveryAttemptLine(report, color, { withId: true }));
  // Nobody else shows what the inbox got: the body, as sent.
  if (inbox) println(color.dim(`  ${report.delivery.payload}`));
}

function printDisabled(report: DisabledReport, json?: boolean): void {
  if (json) printJsonLine(disabledJson(report));
  else println(disabledLine(report));
}

function printStopped({ removed, restored, handedOver = [] }: GivenBack, json?: boolean): void {
  if (json) return printJsonLine({ event: 'stopped', removed, restored: restored.map(view), handedOver });
  const said = [
    removed.length ? `removed the ${plural(removed.length, 'subscription')} it made` : '',
    restored.length ? `put back the add-on's own to ${restored.map((s) => s.event).join(', ')}` : '',
    // Another listen to the event still runs, and gives them back when it ends (an older emulator says none).
    handedOver.length ? `handed ${handedOver.join(', ')} over to another listen still running` : '',
  ].filter(Boolean);
  println(`Stopped; ${said.join('; ') || 'listen made no subscriptions'}.`);
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

interface StopSignal {
  readonly requested: boolean;
  /** Resolves at the first Ctrl-C or SIGTERM. */
  readonly stopped: Promise<void>;
  dispose(): void;
}

/** Ctrl-C (or SIGTERM) asks listen to stop, and give back its subscriptions; a second one does not wait. */
function stopSignal(): StopSignal {
  let requested = false;
  let resolve = () => {};
  const stopped = new Promise<void>((r) => (resolve = r));
  const stop = () => {
    if (requested) process.exit(130);
    requested = true;
    resolve();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    get requested() {
      return requested;
    },
    stopped,
    dispose() {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}
