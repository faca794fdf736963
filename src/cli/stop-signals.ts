import { UserError } from '../errors.js';

/**
 * Ctrl-C or SIGTERM aborts `signal`, with a UserError saying so (exit 130), so that the work in hand
 * stops what it started before the command ends; a second one ends the process at once, as Node's
 * default does. `dispose` when the work is done.
 */
export function abortOnSignals(what: string): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) =>
    controller.abort(new UserError(`${what} was stopped (${signal})`, 130, 'stopped'));
  process.once('SIGINT', stop).once('SIGTERM', stop);
  return {
    signal: controller.signal,
    dispose: () => void process.off('SIGINT', stop).off('SIGTERM', stop),
  };
}
