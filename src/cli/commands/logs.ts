import type { Command } from 'commander';
import type { AuditEntry } from '../../audit/audit-log.js';
import { againstEmulator, type EmulatorClient, type EmulatorFlags } from '../emulator-command.js';
import { wholeNumber } from '../emulator-flags.js';
import { faultMark } from '../fault-mark.js';
import { color, printJson, printJsonLine, println, printlnStderr } from '../output.js';

interface LogsFlags extends EmulatorFlags {
  follow?: boolean;
  limit: number;
}

/** `addon logs [--follow]`: the audit log, one line per call; with `--json` one JSON object per line. */
export function logsCommand(program: Command): void {
  againstEmulator(
    program
      .command('logs')
      .description('show the audit log: one line per API call that passed the rate limit')
      .option('-f, --follow', 'keep printing calls as they happen')
      .option('-n, --limit <n>', 'how many of the newest calls to print first', wholeNumber, 50),
    'print as JSON: {"data": [entry...]}; with --follow, one JSON object per line',
    async (emulator, flags: LogsFlags) => {
      const print = flags.json ? printJsonLine : (entry: AuditEntry) => println(format(entry));
      if (flags.limit > 0) {
        const { data } = await emulator.get<{ data: AuditEntry[] }>(`/audit?limit=${Math.min(flags.limit, 1000)}`);
        // A list is one document; a stream (--follow) one object per line, the first entries too.
        if (flags.json && !flags.follow) return printJson({ data });
        data.forEach(print);
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
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of untilClosed(response.body as unknown as AsyncIterable<Uint8Array>)) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event.split('\n').find((line) => line.startsWith('data: '));
      if (data) print(JSON.parse(data.slice(6)) as AuditEntry);
    }
  }
}

/**
 * The stream's chunks until the emulator goes away (nothing more will come). Only the reading is
 * guarded: an error in printing what came is a bug, and is not taken for the end of the stream.
 */
async function* untilClosed(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) yield chunk;
  } catch {
    // The connection broke: the emulator stopped.
  }
}
