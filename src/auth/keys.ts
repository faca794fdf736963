import { createHash, createPrivateKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JWK, JWTPayload } from 'jose';
import { jsonSyntaxProblem } from '../json-syntax.js';
import { UserError } from '../errors.js';

/**
 * The emulator's signing key: ES256 (spec 5.1 leaves the algorithm open; an asymmetric one lets an
 * add-on backend verify tokens from the published JWKS, as it would in production). One key pair per
 * data dir, kept in `keys.json`, so tokens stay valid across restarts.
 */
export const ALGORITHM = 'ES256';

export interface SigningKeys {
  kid: string;
  privateKey: KeyObject;
  jwks: { keys: JWK[] };
}

interface KeyFile {
  alg: typeof ALGORITHM;
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/**
 * `payload` signed with `keys`, under the protected header of every session token: a JWS compact
 * serialization (RFC 7515), its ES256 signature the raw r || s that JWA asks for (RFC 7518 3.4).
 * Made with node:crypto rather than jose, whose WebCrypto path (its key pair and first signature)
 * took ~7 ms of every `addon exec` before its command could start (docs/performance.md); jose
 * still verifies every token (tokens.ts), and test/unit/tokens.test.ts checks the two agree.
 */
export async function signJwt(payload: JWTPayload, keys: Pick<SigningKeys, 'kid' | 'privateKey'>): Promise<string> {
  const input = `${base64url({ alg: ALGORITHM, kid: keys.kid, typ: 'JWT' })}.${base64url(payload)}`;
  const signature = sign('sha256', Buffer.from(input), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

const base64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The data dir's key pair, made there on first use; without a dir, a new key pair in memory. */
export async function loadOrCreateKeys(dir?: string): Promise<SigningKeys> {
  const file = dir && join(dir, 'keys.json');
  const stored = file ? await readKeyFile(file) : null;
  const keyFile = stored ?? (await newKeyFile());
  if (file && !stored) await writeFile(file, JSON.stringify(keyFile, null, 2) + '\n', { mode: 0o600 });
  return {
    kid: keyFile.kid,
    privateKey: await importPrivateKey(keyFile, file),
    jwks: { keys: [keyFile.publicJwk] },
  };
}

async function importPrivateKey(keyFile: KeyFile, file: string | undefined): Promise<KeyObject> {
  try {
    return createPrivateKey({ key: keyFile.privateJwk as JsonWebKey, format: 'jwk' });
  } catch (error) {
    // A key made here always imports: only one read from a file can fail.
    throw damaged(file ?? 'keys.json', (error as Error).message);
  }
}

const damaged = (file: string, problem: string): UserError =>
  new UserError(`the key file ${file} is damaged (${problem}); delete it to make a new key`);

async function newKeyFile(): Promise<KeyFile> {
  // ES256's curve, P-256 (RFC 7518 3.4).
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  const kid = thumbprint({ crv, kty, x, y });
  return {
    alg: ALGORITHM,
    kid,
    privateJwk: { kty, crv, x, y, d: privateKey.export({ format: 'jwk' }).d, kid, alg: ALGORITHM },
    publicJwk: { kty, crv, x, y, kid, alg: ALGORITHM, use: 'sig' },
  };
}

/** An EC key's JWK thumbprint (RFC 7638): SHA-256 of its required members, in this order. */
const thumbprint = (members: { crv?: string; kty?: string; x?: string; y?: string }): string =>
  createHash('sha256').update(JSON.stringify(members)).digest('base64url');

async function readKeyFile(file: string): Promise<KeyFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as KeyFile;
    if (parsed.alg !== ALGORITHM || !parsed.privateJwk || !parsed.publicJwk) throw new Error('unexpected shape');
    return parsed;
  } catch (error) {
    // Never JSON.parse's own message: it quotes the file, which holds the private key.
    throw damaged(file, error instanceof SyntaxError ? jsonSyntaxProblem(error, text) : (error as Error).message);
  }
}
