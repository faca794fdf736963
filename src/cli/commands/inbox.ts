import type { Command } from 'commander';
import { INBOX_NAME, type InboxListing } from '../../webhooks/inbox.js';
import { INBOX_KEEP } from '../../common/limits.js';
import { checkedArgument, checkedOption, count, matching } from '../arguments.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { color, println } from '../output.js';

/** `addon inbox <name>`: what arrived at the emulator's built-in webhook receiver. */
export function inboxCommand(program: Command): void {
  againstEmulator(
    program
      .command('inbox')
      .addArgument(checkedArgument('<name>', 'the inbox name', matching(INBOX_NAME)))
      .description('show what arrived at the built-in receiver <emulator>/inbox/<name>, with its signature check')
      .addOption(checkedOption('-n, --limit <n>', 'how many of the newest', count(INBOX_KEEP, 1), { fallback: 50 })),
    'print as JSON: {"data": [entry...], "dropped": n}',
    async (emulator, flags: EmulatorFlags & { limit: number }, name: string) => {
      const fields = { name: 'the inbox name', limit: '--limit' };
      return emulator.get<InboxListing>(`/inbox/${encodeURIComponent(name)}?limit=${flags.limit}`, fields);
    },
    ({ data, dropped }, { emulator, args: [name] }) => {
      // Said first: the entries below are the newest, newest first, and older ones are gone.
      if (dropped)
        println(
          color.dim(`${dropped} older ${dropped === 1 ? 'entry was' : 'entries were'} dropped (docs/limits.md).`),
        );
      if (!data.length && !dropped) println(color.dim(`Nothing arrived yet at ${emulator.url}/inbox/${name}.`));
      for (const entry of data) {
        const signature = entry.signatureValid ? color.green('signature ok') : color.red('bad signature');
        println(
          `${color.dim(entry.receivedAt)}  ${entry.event ?? '-'}  ${signature}  attempt ${entry.attempt ?? '-'}  ${color.dim(entry.deliveryId ?? '')}`,
        );
        println(color.dim(`  ${JSON.stringify(entry.body)}`));
      }
    },
  );
}
