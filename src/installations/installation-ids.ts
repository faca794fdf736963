import { wordedPattern } from '../common/text/pattern-words.js';

/**
 * The forms of the ids an installation is named by (docs/limits.md#names-and-ids): the settings,
 * the control API, fault rules and state files check them. It imports only the words of patterns,
 * so that checking an org id in a fault rule or a state file loads nothing else.
 */

/** Reverse-domain app id, e.g. com.example.invoice-helper. */
export const APP_ID = /^[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9][A-Za-z0-9-]*)+$/;
wordedPattern(APP_ID, 'a reverse-domain app id like com.example.my-addon');

/** An organization or user id: 1-64 letters, digits or `_.:-`, starting with a letter or digit. */
export const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
wordedPattern(PLAIN_ID, '1 to 64 letters, digits and _ . : -, starting with a letter or digit');
