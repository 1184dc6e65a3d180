import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque, URL-safe random token (256 bits). */
export const randomToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Keyed hash for short secrets (codes): useless without APP_SECRET even if the table leaks. */
export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');

/** Compares two strings in constant time. */
export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
