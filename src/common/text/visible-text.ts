/**
 * Text from elsewhere (a coverage file, an add-on's answer or message) shown so that every character
 * in it is seen, and none is obeyed: controls (an escape sequence repaints a terminal), format
 * characters (a bidi override such as U+202E turns the text after it around, the Trojan Source
 * trick; zero-width spaces and joiners, the BOM), and the line and paragraph separators U+2028 and
 * U+2029. Each is written as its escape, `\u202e`.
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const EVERY_UNSEEN = new RegExp(UNSEEN.source, 'gu');

/** Whether `text` holds a character that would be obeyed or hidden rather than shown. */
export const hasUnseen = (text: string): boolean => UNSEEN.test(text);

/** `text` with each unseen character but those in `keep` (a tab, a line break the caller lays out) as its escape. */
export function visible(text: string, keep = ''): string {
  return text.replace(EVERY_UNSEEN, (char) => (keep.includes(char) ? char : escapeOf(char)));
}

const escapeOf = (char: string): string => {
  const code = char.codePointAt(0)!;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
};
