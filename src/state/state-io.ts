import { TextFile } from 'lowdb/node';
import type { StateFile } from './state-file.js';

/**
 * A state file on disk. It is written whole to a temporary file and renamed over the old one (lowdb's
 * writer), so a kill mid-export leaves the previous file as it was, never a torn one, and nothing is
 * deleted before the new file is in place.
 */
export async function writeStateFile(path: string, file: StateFile): Promise<void> {
  await new TextFile(path).write(JSON.stringify(file, null, 2) + '\n');
}
