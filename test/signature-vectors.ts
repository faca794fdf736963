import { readFileSync } from 'node:fs';

export interface SignatureVector {
  appId: string;
  key: string;
  body: string;
  header: string;
}

/**
 * The platform's X-Service-Signature known-answer vectors (computed with openssl dgst), kept in
 * test/fixtures so the suite needs nothing outside the repository.
 */
export const signatureVectors = (
  JSON.parse(readFileSync(new URL('./fixtures/webhook-signature-vectors.json', import.meta.url), 'utf8')) as {
    vectors: SignatureVector[];
  }
).vectors;
