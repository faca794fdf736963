import { UserError } from '../common/errors.js';

/**
 * Ctrl-C or SIGTERM aborts `signal`, with a UserError saying so (exit 130), so that the work in hand
 * stops what it started before the command ends; a second one ends the process at once. The handler
 * stays until `dispose`: with none left, execa's clean-up of its children (signal-exit) would take
 * the signal for unhandled and end the process before the work stopped anything.
 */
export function abortOnSignals(what: string): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new UserError(`${what} was stopped (${signal})`, 130, 'stopped'));
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  return {
    signal: controller.signal,
    dispose: () => void process.off('SIGINT', stop).off('SIGTERM', stop),
  };
}
