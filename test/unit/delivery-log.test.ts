import { describe, expect, it } from 'vitest';
import { openDocumentStore } from '../../src/store/document-store.js';
import { memoryPersistence } from '../../src/store/memory-persistence.js';
import { createDeliveryLog, type Delivery } from '../../src/webhooks/delivery-log.js';
import { MAX_DELIVERIES } from '../../src/common/limits.js';

const delivery = (deliveryId: string, status: Delivery['status']): Delivery => ({
  deliveryId,
  event: 'ticket.created',
  orgId: 'org_a',
  appId: 'com.example.app',
  webhookUrl: 'http://127.0.0.1:9/',
  payload: '{}',
  status,
  attempts: [],
  nextAttemptAt: status === 'pending' ? '2026-01-01T00:00:00.000Z' : null,
  replayOf: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('the delivery log', () => {
  it('keeps the newest deliveries: a new one makes room by dropping the oldest finished, never a pending one', async () => {
    const store = await openDocumentStore(memoryPersistence());
    const log = createDeliveryLog(store);
    // The 10 oldest wait for a retry; the rest are done.
    for (let i = 0; i < MAX_DELIVERIES; i++) await log.save(delivery(`d_${i}`, i < 10 ? 'pending' : 'failed'));
    await log.save(delivery('new_1', 'pending'));
    await log.save(delivery('new_2', 'pending'));

    expect(store.count('deliveries', '_')).toBe(MAX_DELIVERIES);
    expect(log.get('d_10')).toBeUndefined();
    expect(log.get('d_11')).toBeUndefined();
    expect(log.get('d_12')?.status).toBe('failed');
    expect(log.pending().map((d) => d.deliveryId)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `d_${i}`),
      'new_1',
      'new_2',
    ]);
  });
});
