/**
 * What marks a state file (state/state-file.ts), and the version of its layout. Apart, with no
 * imports, because the store reads the mark too: a state file put where its snapshot belongs is
 * named as such (store/file-persistence.ts), and the store must not load the state code above it.
 */
export const STATE_FORMAT = 'addon-devkit/state';

/** Of the file's layout: a kit reads its own version and older ones, and refuses newer ones. */
export const STATE_VERSION = 1;
