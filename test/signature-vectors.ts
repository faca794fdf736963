import { readFileSync } from 'node:fs';

export interface SignatureVector {
  appId: string;
  key: string;
  body: string;
  header: string;
}

/** The spec's X-Service-Signature known-answer vectors (computed with openssl dgst), read from the spec itself. */
export const signatureVectors = (
  JSON.parse(readFileSync(new URL('../../shared/spec/webhook-signature-vectors.json', import.meta.url), 'utf8')) as {
    vectors: SignatureVector[];
  }
).vectors;
