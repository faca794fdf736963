import { writeWhole } from '../common/files/file-write.js';
import type { StateFile } from './state-file.js';

/**
 * A state file on disk. It is written whole to a temporary file and renamed over the old one, so a
 * kill mid-export leaves the previous file as it was, never a torn one, and nothing is deleted before
 * the new file is in place. A path that cannot be written is one line naming it, with nothing left.
 */
export async function writeStateFile(path: string, file: StateFile): Promise<void> {
  await writeWhole(path, JSON.stringify(file, null, 2) + '\n');
}
