/**
 * What marks a session token in text it was copied into (spec 5.1: tokens are not to be shown to end
 * users or stored): any long enough part of its signature, as it is, or base64-encoded at any
 * alignment, in either alphabet. URL encoding leaves a JWT as it is. The signature is what makes a
 * token one, and no two tokens share it; their header and claims are much alike (the same header, the
 * same organization and user, and the same iat and exp for two minted in one second), so those mark
 * nothing. The marks are made here and sought in the add-on's frames and in what they sent (token-watch.ts).
 */

/** A part this long marks the token; `STRIDE` apart, so any copied run of WIDTH + STRIDE - 1 holds one. */
const WIDTH = 24;
const STRIDE = 8;

/** The marks of `tokens`: strings of which any one, found in a text, says a token is in it. */
export function tokenMarks(tokens: Iterable<string>): string[] {
  const marks = new Set<string>();
  for (const token of tokens) {
    const signature = token.split('.')[2] ?? '';
    for (const form of [signature, ...encodings(signature)]) for (const mark of windows(form)) marks.add(mark);
  }
  return [...marks];
}

/** `part` base64-encoded after 0, 1 and 2 other bytes, in both alphabets: its ends, which the bytes around it change, cut off. */
function encodings(part: string): string[] {
  return [0, 1, 2].flatMap((offset) => {
    const standard = Buffer.from('\0'.repeat(offset) + part, 'latin1').toString('base64');
    const inner = standard.slice(4, -4);
    return [inner, inner.replaceAll('+', '-').replaceAll('/', '_')];
  });
}

function windows(text: string): string[] {
  const found: string[] = [];
  for (let at = 0; at + WIDTH <= text.length; at += STRIDE) found.push(text.slice(at, at + WIDTH));
  return found;
}

/** The words a finding shows of a token: its first characters (its header's, the same for all), never more. */
export const tokenShown = (token: string): string => `${token.slice(0, 8)}…`;

/** `text` with each of `tokens` shown as its first characters, and a signature of one alone as `…`: never a token whole. */
export function redactTokens(text: string, tokens: Iterable<string>): string {
  let said = text;
  for (const token of tokens) {
    const signature = token.split('.')[2] ?? '';
    said = said.replaceAll(token, `${tokenShown(token)} (the session token)`);
    if (signature.length >= 16) said = said.replaceAll(signature, '…');
  }
  return said;
}
