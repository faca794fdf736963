import type { Command } from 'commander';
import type { ClockState } from '../../control/control-api.js';
import { control, emulatorUrl, withEmulatorFlag } from '../emulator-client.js';
import { color, printJson, println } from '../output.js';

interface ClockFlags {
  json?: boolean;
  emulator?: string;
}

export function clockCommand(program: Command): void {
  const clock = withEmulatorFlag(
    program
      .command('clock')
      .description("print the emulator's clock (token expiry and rate windows read it)")
      .option('--json', 'print as JSON'),
  ).action(async (flags: ClockFlags) => show(await control<ClockState>(emulatorUrl(flags.emulator), '/clock'), flags));

  withEmulatorFlag(
    clock
      .command('advance <duration>')
      .description('move the clock forward, like 90s, 5m, 1h or 1h30m')
      .option('--json', 'print as JSON'),
  ).action(async (by: string, flags: ClockFlags) =>
    show(
      await control<ClockState>(emulatorUrl(flags.emulator), '/clock/advance', { by }, { by: 'the duration' }),
      flags,
    ),
  );
}

function show(state: ClockState, flags: ClockFlags): void {
  if (flags.json) return printJson(state);
  const ahead = state.offsetMs > 0 ? color.dim(` (${formatOffset(state.offsetMs)} ahead of real time)`) : '';
  println(`${state.now}${ahead}`);
}

function formatOffset(ms: number): string {
  const total = Math.round(ms / 1000);
  const parts = [
    [Math.floor(total / 86400), 'd'],
    [Math.floor((total % 86400) / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'm'],
    [total % 60, 's'],
  ] as const;
  return (
    parts
      .filter(([n]) => n > 0)
      .map(([n, unit]) => `${n}${unit}`)
      .join(' ') || '0s'
  );
}
