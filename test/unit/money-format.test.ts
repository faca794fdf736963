// The host page's one money format (host-ui/src/format.ts): the record's currency, the reader's
// locale, and no throw whatever a record or a browser holds.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, money } from '../../host-ui/src/format.js';

// Intl puts a narrow no-break space between a number and a code or sign in some locales.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money()', () => {
  it('writes an amount in its currency as the locale does', () => {
    expect(money(1234.5, 'EUR', 'en-US')).toBe('€1,234.50');
    expect(money(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(plain(money(1234.5, 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(money(5, 'GBP', 'en-GB')).toBe('£5.00');
    // A currency without minor units has no decimals.
    expect(money(1500, 'JPY', 'en-US')).toBe('¥1,500');
  });

  it('takes the organization’s default where a record names no currency', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    for (const none of [undefined, null, '', 42]) expect(money(5, none, 'en-US')).toBe('$5.00');
  });

  it('shows the number and the code for a code Intl refuses, and never throws', () => {
    expect(money(1234.5, 'ABCD', 'en-US')).toBe('1,234.50 ABCD');
    expect(money(5, '<img src=x onerror=alert(1)>', 'en-US')).toBe('5.00 <img src=x onerror=alert(1)>');
    expect(money(5, 'e', 'en-US')).toBe('5.00 e');
    expect(money(5, '€€€', 'en-US')).toBe('5.00 €€€');
    // A well-formed code no one issued is Intl's to write: with its code, never as dollars.
    expect(plain(money(5, 'XYZ', 'en-US'))).toBe('XYZ 5.00');
  });

  it('falls back to en-US for a locale Intl refuses', () => {
    expect(money(1234.5, 'EUR', 'not a locale!')).toBe('€1,234.50');
    expect(money(1234.5, 'ABCD', '')).toBe('1,234.50 ABCD');
  });
});
