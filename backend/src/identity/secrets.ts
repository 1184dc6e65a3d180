import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1). */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2);

export async function verifyPassword(hash: string, password: string) {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash of a non-existent password, so a sign-in for an unknown email costs the same time. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string) => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
};

/** A 6-digit code from a CSPRNG. */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** An opaque, URL-safe random token (256 bits). */
export const randomToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Keyed hash for short secrets (codes): useless without APP_SECRET even if the table leaks. */
export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');

export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
