/**
 * Where the emulator tells of failures that no caller waits for (a webhook that could not be queued,
 * a 500). Injected: the CLI prints them as its own lines, tests can listen.
 */
export interface Logger {
  /** `error`, the cause of a bug, is shown with its stack; without it, `message` is the whole line. */
  error(message: string, error?: unknown): void;
}

/**
 * Outside the CLI, a library's way: a process warning, which Node prints to standard error unless
 * the program listens for warnings itself.
 */
export const warningLogger: Logger = {
  error: (message, error) =>
    process.emitWarning(`addon: ${message}`, {
      code: 'ADDON_EMULATOR_ERROR',
      detail: error instanceof Error ? (error.stack ?? error.message) : String(error ?? ''),
    }),
};
