import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, inProcess, startReceiver } from '../helpers.js';

afterEach(cleanUp);

describe('parity: a receiver slower than the platform waits', () => {
  it('is served under a longer --webhook-timeout, with a warning; --strict allows no such timeout', async () => {
    const emulator = await inProcess({ webhookTimeoutMs: 15_000 });
    // Just over the platform's 10 s: a real wait, since the attempt's duration is real time.
    const receiver = await startReceiver({ delayMs: 10_200 });
    const { orgId, appId } = emulator.settings;
    await emulator.webhooks.subscriptions.subscribe(orgId, appId, 'invoice.paid', receiver.url);
    const { deliveries } = await emulator.trigger('invoice.paid');
    expect(deliveries[0].status).toBe('succeeded');
    const slow = emulator.parity.list().find((w) => w.kind === 'slow-webhook-receiver');
    expect(slow?.message).toMatch(
      /^a webhook receiver answered after 10\.\d s; the platform gives up after 10 s \(spec 8\) and retries$/,
    );
    await expect(inProcess({ webhookTimeoutMs: 15_000, strict: true })).rejects.toThrow(
      "with --strict the webhook timeout is at most the platform's 10 s (got 15 s)",
    );
  });
});
