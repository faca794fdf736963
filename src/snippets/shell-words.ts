/** Characters a POSIX shell takes literally in a word: such a word needs no quotes. */
const PLAIN = /^[A-Za-z0-9_./:@%+,-]+$/;

/**
 * `text` as one word of a POSIX shell command, inert whatever it holds: single-quoted (nothing is
 * expanded inside single quotes: no `$()`, backticks or variables, and newlines are kept), each `'`
 * closed, escaped and reopened as `'\''`. Names and data in a snippet are the user's, and any
 * character may be in them.
 */
export function shellWord(text: string): string {
  return PLAIN.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A command line of words, each quoted as needed: `command` is taken as it is (`npx addon`). */
export const commandLine = (command: string, words: readonly string[]): string =>
  [command, ...words.map(shellWord)].join(' ');
