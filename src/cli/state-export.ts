import type { StateFile, StateSummary } from '../control/state-control.js';
import type { EmulatorStatus } from '../control/status.js';
import { UserError } from '../common/errors.js';
import { checkWritable } from '../common/files/file-write.js';
import { summaryOf } from '../state/state-file.js';
import { writeStateFile } from '../state/state-io.js';
import type { EmulatorClient } from './emulator-command.js';
import { isInside } from './paths.js';

/**
 * The running emulator's world written to `path` as one state file (`addon state export`, and
 * `addon mcp`'s state export with a file); answers the file and what it holds.
 */
export type StateExporter = typeof exportStateTo;

export async function exportStateTo(emulator: EmulatorClient, path: string): Promise<{ file: string } & StateSummary> {
  // Before the world is fetched: a path that cannot take it is said at once.
  await checkWritable(path);
  await checkOutsideDataDir(emulator, path);
  const world = await emulator.get<StateFile>('/state');
  await writeStateFile(path, world);
  return { file: path, ...summaryOf(world) };
}

/** An export over the emulator's own files (its db.json, say) would be read as its store at the next start. */
async function checkOutsideDataDir(emulator: EmulatorClient, file: string): Promise<void> {
  const { dataDir } = await emulator.get<EmulatorStatus>('/status');
  if (dataDir && (await isInside(dataDir, file)))
    throw new UserError(
      `${file} is inside the data dir ${dataDir} of the emulator at ${emulator.url}; choose a file outside it`,
    );
}
