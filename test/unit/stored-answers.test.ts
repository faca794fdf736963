import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storedAnswerText } from '../../src/api/serialization.js';
import { docText } from '../../src/store/doc-text.js';
import type { Doc } from '../../src/store/store.js';

const customer = (i: number): Doc => ({
  _id: `cus_${i}`,
  name: `Zoë "${i}" \u2028 </script>`,
  address: { line1: '1 Main St', city: null },
  tags: ['a', i],
  createdAt: '2026-11-28T10:00:00.000Z',
});

/** A record as JSON.parse makes one: any keys (`__proto__` as data too), any JSON values. */
const record = fc
  .dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 })
  .map((fields) => JSON.parse(JSON.stringify({ _id: 'x', ...fields })) as Doc);

describe('stored answers', () => {
  it("writes a page, a record and an error the same as JSON.stringify, each record's part from its kept text", () => {
    const page = { data: [customer(1), customer(2)], total: 2 };
    const answers = [
      page,
      { data: customer(3) },
      { data: [], total: 0 },
      { error: { code: 'not_found', message: 'x' } },
    ];
    for (const answer of answers) expect(storedAnswerText(answer)).toBe(JSON.stringify(answer));
    expect(docText(page.data[0]!)).toBe(JSON.stringify(page.data[0]));
  });

  it('writes anything else as JSON.stringify does: data not first, not records, a toJSON, not an object', () => {
    const answers: unknown[] = [
      { total: 1, data: [customer(4)] },
      { data: [customer(5), null] },
      { data: [[1], customer(6)] },
      { data: new Date(0) },
      { data: 'text' },
      { data: undefined, total: 1 },
      [customer(7)],
      null,
      'plain',
      JSON.parse('{"data":{"_id":"y"},"__proto__":{"polluted":true}}'),
    ];
    for (const answer of answers) expect(storedAnswerText(answer)).toBe(JSON.stringify(answer));
  });

  it('is JSON.stringify for pages and records of any JSON fields, first or later answered', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 5 }), fc.nat(), (records, total) => {
        for (const answer of [{ data: records, total }, ...records.map((data) => ({ data }))]) {
          expect(storedAnswerText(answer)).toBe(JSON.stringify(answer));
          expect(storedAnswerText(answer)).toBe(JSON.stringify(answer)); // now from the kept texts
        }
      }),
    );
  });
});
