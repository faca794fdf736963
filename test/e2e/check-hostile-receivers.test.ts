import { afterEach, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../src/check/reports/json.js';
import { cleanUp, cli, tempDir } from '../helpers.js';
import { HOSTILE_ANSWERS, type HostileAnswer } from '../hostile-answers.js';
import { rawReceiver } from '../raw-receiver.js';

/**
 * `addon check --only webhook` through the real CLI against receivers that answer as none should:
 * it ends as it does for any receiver, every step within the webhook timeout, with a report that
 * says in words what the receiver did, and no bug of the kit.
 */
afterEach(cleanUp);

const TIMEOUT = '1s';

/** What the genuine delivery's check says of each receiver. */
const VALID_DELIVERY: Record<HostileAnswer, [status: string, evidence: RegExp]> = {
  'hangs (reads the request, never answers)': ['fail', /no answer: timed out after 1 s/],
  'answers headers, then never the body': ['fail', /no answer: timed out after 1 s/],
  'streams a body for ever': ['pass', /answered 200 in \d+ ms: x{120}/],
  redirects: ['fail', /answered 307 in \d+ ms/],
  "answers headers over Node's limit": ['fail', /no answer: the answer's headers were over 16 KiB/],
  'answers garbage bytes': ['fail', /no answer: the answer was not HTTP \(Parse Error: .+\)/],
  'closes with no answer': ['fail', /no answer: the connection closed with no answer/],
  'closes in the middle of its answer': ['fail', /no answer: the connection closed before the whole answer came/],
};

describe('addon check against a receiver that', () => {
  for (const [name, [status, evidence]] of Object.entries(VALID_DELIVERY)) {
    it(name, async () => {
      const receiver = await rawReceiver(HOSTILE_ANSWERS[name as HostileAnswer]);
      const args = ['check', '--json', '--only', 'webhook', '--webhook-timeout', TIMEOUT];
      const result = await cli([...args, '--webhook', `customer.created=${receiver.url}`], { cwd: await tempDir() });
      expect(result.stderr).toBe('');
      const report = JSON.parse(result.stdout) as JsonReport;
      expect(result.exitCode).toBe(report.exitCode);
      const [valid, ...rest] = report.checks;
      expect(valid).toMatchObject({ id: 'webhook.valid-delivery', status });
      expect(valid!.evidence[0]).toMatch(evidence);
      expect(rest.length).toBeGreaterThan(0);
      // Each step waits for the receiver the webhook timeout at most, and the time to notice it.
      for (const check of report.checks) expect(check.durationMs, check.id).toBeLessThan(1000 + 1500);
      await receiver.close();
    });
  }
});
