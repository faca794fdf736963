import type { Command } from 'commander';
import type { ScopeReport } from '../../audit/scope-report.js';
import { againstEmulator } from '../emulator-command.js';
import { color, println } from '../output.js';

/** `addon scopes`: least privilege, from the add-on's calls since the emulator started. */
export function scopesCommand(program: Command): void {
  againstEmulator(
    program
      .command('scopes')
      .description(
        "what the add-on's calls needed: per scope declared, granted, used and refused, and the smallest list",
      ),
    'print the report as JSON',
    (emulator) => emulator.get<ScopeReport>('/scopes'),
    show,
  );
}

function show(report: ScopeReport): void {
  const yes = (value: boolean) => (value ? 'yes' : color.dim('no'));
  const rows = report.scopes.map((row) => [
    row.scope,
    yes(row.declared),
    yes(row.granted),
    String(row.used),
    String(row.refused),
  ]);
  const header = ['scope', 'declared', 'granted', 'used', 'refused'];
  // Widths from the plain text: colour codes take no room on the screen.
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => plain(row[i]).length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell + ' '.repeat(widths[i] - plain(cell).length))
      .join('  ')
      .trimEnd();
  println(color.dim(line(header)));
  for (const row of rows) println(line(row));
  println();
  println(`${report.calls} call${report.calls === 1 ? '' : 's'} by ${report.appId} since the emulator started.`);
  println(`Smallest "scopes" for addon.config.json: ${JSON.stringify(report.needed)}`);
  if (report.refused.length)
    println(
      color.yellow(`Refused for want of: ${report.refused.join(', ')} (add them if the add-on needs those calls)`),
    );
}
