import type { Command } from 'commander';
import { covers } from '../../auth/scopes.js';
import type { EmulatorStatus } from '../../control/control-api.js';
import { UserError } from '../../errors.js';
import type { PublishedEvent } from '../../webhooks/catalog.js';
import type { AttemptReport, DisabledReport } from '../../webhooks/dispatcher.js';
import type { Subscription } from '../../webhooks/subscriptions.js';
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

/** A subscription listen made, and the add-on's own it replaced (one per event), to give back at the end. */
interface Taken {
  event: string;
  before: Subscription | null;
}

/** What listen listens to and for whom: the emulated add-on in its organization, at one URL. */
interface Listening {
  appId: string;
  orgId: string;
  url: string;
  events: string[];
}

/** `addon listen`: the add-on subscribed to events while it runs, each delivery sent where asked and printed. */
export function listenCommand(program: Command): void {
  againstEmulator(
    program
      .command('listen')
      .description(
        'subscribe the add-on to events while it runs, so the emulator sends each delivery, signed, to --forward-to (or its built-in inbox); one line per delivery; Ctrl-C removes the subscriptions it made',
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
  const target: Listening = {
    appId: status.appId,
    orgId: status.orgId,
    url: flags.forwardTo ?? `${emulator.url}/inbox/${INBOX}`,
    events: chosenEvents(catalog, status.grantedScopes, flags.events),
  };
  // Before the first subscription: a Ctrl-C from then on must find the handler that gives them back.
  const stop = stopSignal();
  const made: Taken[] = [];
  let gone = false;
  try {
    // Open before subscribing, so that no delivery to a subscription made is missed.
    const stream = await emulator.stream('/stream');
    try {
      const kept = await takeOver(emulator, target, made, stop);
      if (!stop.requested) {
        printReady(target, made, kept, flags.json);
        for await (const { name, data } of serverSentEvents(stream.body!, stop.stopped)) {
          if (name === 'delivery' && isListened((data as AttemptReport).delivery, target))
            printDelivery(data as AttemptReport, !flags.forwardTo, flags.json);
          // The receiver failed a delivery three times: the platform stops sending to it.
          if (name === 'subscription-disabled' && isListened(data as DisabledReport, target))
            printDisabled(data as DisabledReport, flags.json);
        }
        gone = !stop.requested;
      }
    } finally {
      // Closed, also when it was never read (a failure, a Ctrl-C while subscribing): else it holds the process.
      await stream.body?.cancel().catch(() => {});
    }
  } catch (error) {
    // What was made is given back before the failure is said (a failure to give it back is said instead).
    await giveBack(emulator, target, made).finally(stop.dispose);
    throw error;
  }
  try {
    if (gone)
      throw new UserError(
        `the emulator at ${emulator.url} stopped` +
          (made.length
            ? `; the subscriptions listen made (${made.map(({ event }) => event).join(', ')}) stay in its data dir, if it has one`
            : ''),
      );
    printStopped(await giveBack(emulator, target, made), flags.json);
  } finally {
    stop.dispose();
  }
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

/**
 * Subscribes each event to the URL, remembering in `made` what it replaced. An event already
 * subscribed there, and active, is left as it is (and not removed at the end). Answers those.
 */
async function takeOver(
  emulator: EmulatorClient,
  { url, events }: Listening,
  made: Taken[],
  stop: StopSignal,
): Promise<string[]> {
  const { data: existing } = await emulator.get<{ data: Subscription[] }>('/subscriptions');
  const kept: string[] = [];
  for (const event of events) {
    if (stop.requested) break;
    const before = existing.find((s) => s.event === event) ?? null;
    if (before?.webhookUrl === url && before.isActive) {
      kept.push(event);
      continue;
    }
    await emulator.put(`/subscriptions/${encodeURIComponent(event)}`, { webhookUrl: url }, FIELDS);
    made.push({ event, before });
  }
  return kept;
}

/**
 * Removes the subscriptions listen made, or puts back the add-on's own it replaced, as it was (a
 * disabled one disabled). One changed meanwhile by someone else (another URL, or removed) is left.
 */
async function giveBack(
  emulator: EmulatorClient,
  { url }: Listening,
  made: Taken[],
): Promise<{ removed: string[]; restored: Subscription[] }> {
  const given = { removed: [] as string[], restored: [] as Subscription[] };
  if (!made.length) return given;
  const { data: now } = await emulator.get<{ data: Subscription[] }>('/subscriptions');
  for (const { event, before } of made) {
    if (now.find((s) => s.event === event)?.webhookUrl !== url) continue;
    const path = `/subscriptions/${encodeURIComponent(event)}`;
    if (before) {
      await emulator.put(path, { webhookUrl: before.webhookUrl, isActive: before.isActive }, FIELDS);
      given.restored.push(before);
    } else {
      await emulator.delete(path, FIELDS);
      given.removed.push(event);
    }
  }
  return given;
}

/** An attempt of a delivery to listen's URL, of an event it listens to, for the emulated add-on. */
/** Whether a delivery, or a disabled subscription, is one of those listen made. */
const isListened = (
  subject: Pick<DisabledReport, 'appId' | 'orgId' | 'webhookUrl' | 'event'>,
  { appId, orgId, url, events }: Listening,
): boolean =>
  subject.appId === appId && subject.orgId === orgId && subject.webhookUrl === url && events.includes(subject.event);

/** A subscription as the add-on API shows it: the spec's three fields. */
const view = ({ event, webhookUrl, isActive }: Subscription) => ({ event, webhookUrl, isActive });

function printReady({ appId, orgId, url, events }: Listening, made: Taken[], kept: string[], json?: boolean): void {
  const replaced = made.flatMap(({ before }) => (before ? [view(before)] : []));
  if (json) {
    const subscribed = made.map(({ event }) => event);
    return printJsonLine({ event: 'ready', appId, orgId, webhookUrl: url, events, subscribed, kept, replaced });
  }
  println(
    `${color.green('Ready')}: forwarding to ${color.cyan(url)} (${appId} in ${orgId}); Ctrl-C stops and unsubscribes.`,
  );
  println(color.dim(`  ${events.join(', ')}`));
  for (const { event, webhookUrl, isActive } of replaced)
    println(
      color.dim(
        `  ${event} was subscribed to ${webhookUrl}${isActive ? '' : ' (disabled)'}; it is put back at the end.`,
      ),
    );
}

function printDelivery(report: AttemptReport, inbox: boolean, json?: boolean): void {
  if (json) return printJsonLine({ ...deliveryAttemptJson(report), payload: report.delivery.payload });
  println(deliveryAttemptLine(report, { withId: true }));
  // Nobody else shows what the inbox got: the body, as sent.
  if (inbox) println(color.dim(`  ${report.delivery.payload}`));
}

function printDisabled(report: DisabledReport, json?: boolean): void {
  if (json) printJsonLine(disabledJson(report));
  else println(disabledLine(report));
}

function printStopped({ removed, restored }: { removed: string[]; restored: Subscription[] }, json?: boolean): void {
  if (json) return printJsonLine({ event: 'stopped', removed, restored: restored.map(view) });
  const said = [
    removed.length ? `removed the ${plural(removed.length, 'subscription')} it made` : '',
    restored.length ? `put back the add-on's own to ${restored.map((s) => s.event).join(', ')}` : '',
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
