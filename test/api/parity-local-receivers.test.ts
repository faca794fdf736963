import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, inProcess } from '../helpers.js';

/**
 * `localReceivers` (what `addon check` runs with): an http: receiver on this machine is what a local
 * receiver is, so no `http-webhook-url` parity warning and no `--strict` refusal; an http: receiver
 * anywhere else still warns. Without the option (`addon dev`, the harness) every http: one warns.
 */
afterEach(cleanUp);

const ON_THIS_MACHINE = [
  'http://localhost:8787/webhooks',
  'http://127.0.0.1:8787/webhooks',
  'http://127.9.8.7/webhooks',
  'http://127.1/webhooks',
  'http://[::1]:8787/webhooks',
  'http://LOCALHOST/webhooks',
];
const ELSEWHERE = [
  'http://receiver.example.com/webhooks',
  'http://10.0.0.1/webhooks',
  'http://127.0.0.1.nip.io/webhooks',
  'http://localhost.example.com/webhooks',
  'http://[::2]/webhooks',
];

describe('localReceivers', () => {
  it.each(ON_THIS_MACHINE)('takes %s for a local receiver: no warning, and no refusal under --strict', async (url) => {
    const lenient = await inProcess({ localReceivers: true });
    await lenient.subscribe('invoice.paid', url);
    expect(lenient.parity.list()).toEqual([]);
    const strict = await inProcess({ localReceivers: true, strict: true });
    await expect(strict.subscribe('invoice.paid', url)).resolves.toMatchObject({ created: true });
  });

  it.each(ELSEWHERE)('still warns of %s, and refuses it under --strict', async (url) => {
    const lenient = await inProcess({ localReceivers: true });
    await lenient.subscribe('invoice.paid', url);
    expect(lenient.parity.list()).toMatchObject([{ kind: 'http-webhook-url', count: 1 }]);
    const strict = await inProcess({ localReceivers: true, strict: true });
    await expect(strict.subscribe('invoice.paid', url)).rejects.toMatchObject({ code: 'https_required' });
  });

  it('is off by default: an http: receiver on this machine warns', async () => {
    const em = await inProcess();
    await em.subscribe('invoice.paid', ON_THIS_MACHINE[0]!);
    expect(em.parity.list()).toMatchObject([{ kind: 'http-webhook-url', count: 1 }]);
  });
});
