import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import { jsonSyntaxProblem } from '../common/json/json-syntax.js';
import { UserError } from '../common/errors.js';

/**
 * The emulator's signing key: ES256 (spec 5.1 leaves the algorithm open; an asymmetric one lets an
 * add-on backend verify tokens from the published JWKS, as it would in production). One key pair per
 * data dir, kept in `keys.json`, so tokens stay valid across restarts.
 */
export const ALGORITHM = 'ES256';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  jwks: { keys: JWK[] };
}

interface KeyFile {
  alg: typeof ALGORITHM;
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** `payload` signed with `keys`, under the protected header of every session token. */
export function signJwt(payload: JWTPayload, keys: Pick<SigningKeys, 'kid' | 'privateKey'>): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: ALGORITHM, kid: keys.kid, typ: 'JWT' }).sign(keys.privateKey);
}

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

async function importPrivateKey(keyFile: KeyFile, file: string | undefined): Promise<CryptoKey> {
  try {
    return (await importJWK(keyFile.privateJwk, ALGORITHM)) as CryptoKey;
  } catch (error) {
    // A key made here always imports: only one read from a file can fail.
    throw damaged(file ?? 'keys.json', (error as Error).message);
  }
}

const damaged = (file: string, problem: string): UserError =>
  new UserError(`the key file ${file} is damaged (${problem}); delete it to make a new key`);

async function newKeyFile(): Promise<KeyFile> {
  const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    alg: ALGORITHM,
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM },
    publicJwk: { ...publicJwk, kid, alg: ALGORITHM, use: 'sig' },
  };
}

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
