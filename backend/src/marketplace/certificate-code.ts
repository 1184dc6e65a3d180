import { randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 130 random bits as 26 characters of base32 (lower case; 5 bits of each random byte): unguessable, and easy to read out. */
export function certificateCode() {
  return Array.from(randomBytes(26), (b) => BASE32.charAt(b & 31)).join('');
}
