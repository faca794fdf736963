import type { Command } from 'commander';
import type { AuditEntry } from '../../audit/audit-log.js';
import { againstEmulator, type EmulatorClient, type EmulatorFlags } from '../emulator-command.js';
import { MAX_AUDIT_PAGE } from '../../common/limits.js';
import { checkedOption, count } from '../arguments.js';
import { serverSentEvents } from '../event-stream.js';
import { faultMark } from '../fault-mark.js';
import { color, printJson, printJsonLine, println, printlnStderr } from '../output.js';

interface LogsFlags extends EmulatorFlags {
  follow?: boolean;
  limit: number;
}

/**
 * `addon logs [--follow]`: the audit log, one line per call, newest first as every list; with
 * `--follow`, the first calls oldest first instead, so that the stream goes on below them in time
 * order (as `tail -f`), and with `--json` one JSON object per line.
 */
export function logsCommand(program: Command): void {
  againstEmulator(
    program
      .command('logs')
      .description('show the audit log: one line per API call that passed the rate limit')
      .option('-f, --follow', 'keep printing calls as they happen')
      .addOption(
        checkedOption(
          '-n, --limit <n>',
          'how many of the newest calls to print, newest first (with --follow, oldest first)',
          count(MAX_AUDIT_PAGE),
          { fallback: 50 },
        ),
      ),
    'print as JSON: {"data": [entry...]}; with --follow, one JSON object per line, in time order',
    async (emulator, flags: LogsFlags) => {
      const print = flags.json ? printJsonLine : (entry: AuditEntry) => println(format(entry));
      if (flags.limit > 0) {
        const { data } = await emulator.get<{ data: AuditEntry[] }>(`/audit?limit=${flags.limit}`);
        // A list is one document; a stream (--follow) one object per line, the first entries too.
        if (flags.json && !flags.follow) return printJson({ data });
        // The list newest first, as the emulator answers it; before a stream, in time order, so the
        // calls that follow come below the ones they follow.
        (flags.follow ? data.toReversed() : data).forEach(print);
        if (!data.length && !flags.json && !flags.follow) println(color.dim('No API calls logged yet.'));
      }
      if (flags.follow) await follow(emulator, print);
    },
  );
}

function format(entry: AuditEntry): string {
  const scope = entry.scope.required ? `${entry.scope.required}:${entry.scope.decision}` : '-';
  return [
    entry.time,
    entry.method.padEnd(6),
    entry.path,
    entry.status,
    scope,
    `${entry.durationMs}ms`,
    entry.orgId,
    entry.userId,
  ]
    .map((part, i) => (i === 0 ? color.dim(part) : String(part)))
    .join('  ')
    .concat(faultMark(entry));
}

/** Reads the server-sent events of /audit/stream until the emulator stops or Ctrl-C. */
async function follow(emulator: EmulatorClient, print: (entry: AuditEntry) => void): Promise<void> {
  const response = await emulator.stream('/audit/stream');
  // On stderr, so `--json` output stays JSON: from here on, no call is missed.
  printlnStderr(color.dim(`Following the audit log of ${emulator.url}; Ctrl-C stops.`));
  for await (const { data } of serverSentEvents(response.body!)) print(data as AuditEntry);
}
