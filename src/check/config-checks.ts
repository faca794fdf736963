import type { Emulator } from '../emulator/create-emulator.js';
import type { CheckResult } from './check-result.js';
import type { Receiver } from './webhook-checks.js';
import { fail, pass, resultOf, skip } from './verdict.js';

/** How the configuration read: whether there was an addon.config.json, and what was wrong with it. */
export interface ConfigReading {
  found: boolean;
  error: string | null;
}

export function configValid({ found, error }: ConfigReading): CheckResult {
  if (error) return resultOf('config.valid', fail(error));
  return resultOf(
    'config.valid',
    found ? pass('addon.config.json read and valid') : skip('no addon.config.json here: flags and defaults only'),
  );
}

/**
 * Subscribes the add-on to each configured event through the API, as the add-on itself would
 * (`POST /events/subscribe`): the platform's answer says whether the event is in the catalog and
 * covered by a granted scope. Resolves with the result and the receivers that were subscribed.
 */
export async function subscribeAll(
  emulator: Emulator,
  webhooks: readonly Receiver[],
): Promise<{ result: CheckResult; subscribed: Receiver[] }> {
  if (!webhooks.length)
    return { result: resultOf('config.subscriptions', skip('no webhook subscriptions configured')), subscribed: [] };
  const { token } = await emulator.token();
  const subscribed: Receiver[] = [];
  const evidence: string[] = [];
  for (const receiver of webhooks) {
    const response = await fetch(`${emulator.apiUrl}/events/subscribe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: receiver.event, webhookUrl: receiver.url }),
    });
    const answer = (await response.json()) as { message?: string };
    if (response.ok) subscribed.push(receiver);
    evidence.push(
      `${receiver.event} → ${receiver.url}: ${response.status}${response.ok ? '' : ` ${answer.message ?? ''}`}`,
    );
  }
  const verdict = subscribed.length === webhooks.length ? pass(...evidence) : fail(...evidence);
  return { result: resultOf('config.subscriptions', verdict), subscribed };
}
