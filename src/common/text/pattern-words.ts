// No imports: schemas everywhere (and bundles that must stay small) name their patterns here.

/**
 * What each pattern a schema uses means, in words: an error says these, never the regular
 * expression (`--latency must be a number of milliseconds ...`, not `must match pattern "^\\d{1,6}..."`).
 */
const PATTERN_WORDS = new Map<string, string>();

/** A pattern for a schema, with the words its errors say instead of it: `a three-letter code like USD`. */
export function wordedPattern(pattern: string | RegExp, words: string): string {
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  PATTERN_WORDS.set(source, words);
  return source;
}

/** An http: or https: URL, as a webhook or a backend address must be. */
export const HTTP_URL = wordedPattern('^https?://', 'an http: or https: URL');

/** The words of a pattern; a pattern nobody named is still never shown. */
export const wordsOfPattern = (pattern: string): string =>
  PATTERN_WORDS.get(pattern) ?? 'in the form the field takes (see the docs)';
