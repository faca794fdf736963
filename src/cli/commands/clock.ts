import type { Command } from 'commander';
import type { ClockState } from '../../common/clock.js';
import { checkedArgument, duration, usageError, type ValueKind } from '../arguments.js';
import { againstEmulator, type EmulatorFlags } from '../emulator-command.js';
import { color, println } from '../output.js';

/** `addon clock` and `addon clock advance <duration>`: the emulated clock. */
export function clockCommand(program: Command): void {
  const clock = againstEmulator(
    program.command('clock').description("print the emulator's clock (token expiry and rate windows read it)"),
    'print as JSON',
    (emulator) => emulator.get<ClockState>('/clock'),
    show,
  );
  againstEmulator(
    clock
      .command('advance')
      .addArgument(checkedArgument('<duration>', 'how far, like 90s, 5m, 1h or 1h30m', forward))
      .description('move the clock forward, like 90s, 5m, 1h or 1h30m')
      // `-5m` is a duration to refuse in words, not an unknown option.
      .allowUnknownOption(),
    'print as JSON',
    (emulator, _flags: EmulatorFlags, ms: number) =>
      emulator.post<ClockState>('/clock/advance', { by: `${ms}ms` }, { by: 'the duration' }),
    show,
  );
}

/** A duration, said in words when it is negative. */
const forward: ValueKind<number> = {
  ...duration(),
  read(text) {
    if (text.startsWith('-'))
      throw usageError('the emulated clock only moves forward: give a positive duration, like 5m');
    return duration().read(text);
  },
};

function show(state: ClockState): void {
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
