import { createCipheriv, scrypt, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/config.js';

/** The older system's hash parameters (its "hash config"); the signer key is a secret. */
export interface LegacyHashConfig {
  signerKey: Buffer;
  saltSeparator: Buffer;
  rounds: number;
  memCost: number;
}

export function legacyHashConfig(config: AppConfig): LegacyHashConfig | undefined {
  if (!config.LEGACY_HASH_SIGNER_KEY) return undefined;
  return {
    signerKey: Buffer.from(config.LEGACY_HASH_SIGNER_KEY, 'base64'),
    saltSeparator: Buffer.from(config.LEGACY_HASH_SALT_SEPARATOR, 'base64'),
    rounds: config.LEGACY_HASH_ROUNDS,
    memCost: config.LEGACY_HASH_MEM_COST,
  };
}

const PREFIX = 'firebase-scrypt$';

/** How an imported hash is kept in `users.legacy_password`: `firebase-scrypt$<salt b64>$<hash b64>`. */
export function encodeLegacyPassword(saltB64: string, hashB64: string) {
  const salt = Buffer.from(saltB64, 'base64');
  const hash = Buffer.from(hashB64, 'base64');
  if (!salt.length || hash.length < 16) return undefined;
  return `${PREFIX}${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * Firebase's modified scrypt: key = scrypt(password, salt ‖ separator, N = 2^mem_cost, r = rounds,
 * p = 1, 32 bytes); the hash is the signer key encrypted with AES-256-CTR under that key (zero IV).
 */
export async function firebaseScrypt(password: string, salt: Buffer, cfg: LegacyHashConfig): Promise<Buffer> {
  const N = 2 ** cfg.memCost;
  const key = await new Promise<Buffer>((resolve, reject) => {
    scrypt(
      Buffer.from(password, 'utf8'),
      Buffer.concat([salt, cfg.saltSeparator]),
      32,
      { N, r: cfg.rounds, p: 1, maxmem: 256 * N * cfg.rounds + 1024 * 1024 },
      (err, derived) => {
        if (err) reject(err);
        else resolve(derived);
      },
    );
  });
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0));
  return Buffer.concat([cipher.update(cfg.signerKey), cipher.final()]);
}

/** Whether `password` matches a stored `firebase-scrypt$…` value (constant-time comparison). */
export async function verifyLegacyPassword(stored: string, password: string, cfg: LegacyHashConfig) {
  if (!stored.startsWith(PREFIX)) return false;
  const [saltB64, hashB64] = stored.slice(PREFIX.length).split('$');
  if (!saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await firebaseScrypt(password, Buffer.from(saltB64, 'base64'), cfg);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
