/**
 * The marks of the JSON files a data dir and an export hold: the store's snapshot (`db.json`,
 * file-persistence.ts) and a state file (state/state-file.ts, `addon state export`). The store owns
 * both because it reads both: a state file put where the snapshot belongs is named as such, and
 * the state code, a floor above the store, takes its mark from here.
 */

/** A state file's `format`. */
export const STATE_FORMAT = 'addon-devkit/state';

/** Of the state file's layout: a kit reads its own version and older ones, and refuses newer ones. */
export const STATE_VERSION = 1;
