import { describe, expect, it } from 'vitest';
import { signingKey, signWebhook, verifyWebhookSignature } from '../../src/webhooks/signature.js';
import { signatureVectors } from '../signature-vectors.js';

describe('X-Service-Signature known-answer vectors (openssl dgst)', () => {
  it('has vectors to check', () => expect(signatureVectors.length).toBeGreaterThanOrEqual(2));

  it.each(signatureVectors.map((v) => [v.appId, v] as const))('signs and verifies %s', (_appId, vector) => {
    expect(signingKey(vector.appId)).toBe(vector.key);
    expect(signWebhook(vector.body, vector.appId)).toBe(vector.header);
    expect(signWebhook(Buffer.from(vector.body, 'utf8'), vector.appId)).toBe(vector.header);
    expect(verifyWebhookSignature(vector.body, vector.header, vector.appId)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(vector.body), vector.header, vector.appId)).toBe(true);
  });

  it.each(signatureVectors.map((v) => [v.appId, v] as const))('rejects tampering for %s', (_appId, vector) => {
    const reserialised = JSON.stringify(JSON.parse(vector.body), null, 1);
    expect(verifyWebhookSignature(reserialised, vector.header, vector.appId)).toBe(false);
    expect(verifyWebhookSignature(vector.body.replace('org_demo', 'org_evil'), vector.header, vector.appId)).toBe(
      false,
    );
    expect(verifyWebhookSignature(vector.body, vector.header, `${vector.appId}x`)).toBe(false);
    expect(verifyWebhookSignature(vector.body, vector.header.slice(0, -1), vector.appId)).toBe(false);
    expect(verifyWebhookSignature(vector.body, undefined, vector.appId)).toBe(false);
    expect(verifyWebhookSignature(vector.body, vector.header.replace('sha256=', 'sha1='), vector.appId)).toBe(false);
  });
});
