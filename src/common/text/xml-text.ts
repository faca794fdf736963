/**
 * Text from elsewhere put in XML (a JUnit report), as it is and never markup: what XML 1.0 allows in
 * a document (https://www.w3.org/TR/xml/#charsets) is tab, newline, carriage return and the rest of
 * Unicode but the surrogates, U+FFFE and U+FFFF. Anything else makes a parser reject the whole file,
 * so it is dropped; with the `u` flag a lone surrogate is matched as one.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Character data: `&` and `<` escaped, and `>` so that `]]>` cannot occur; `\r` kept (a parser would make it `\n`). */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** An attribute's value: quotes escaped too, and tab and line breaks as references, which a parser would make spaces. */
export function xmlAttribute(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/** ` key="value"` for each entry, in order. */
export function xmlAttributes(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([key, value]) => ` ${key}="${xmlAttribute(value)}"`)
    .join('');
}
