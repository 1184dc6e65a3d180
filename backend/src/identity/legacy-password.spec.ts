import { describe, expect, it } from '@jest/globals';
import { encodeLegacyPassword, verifyLegacyPassword, type LegacyHashConfig } from './legacy-password.js';

// The worked example published with Firebase's scrypt tool (github.com/firebase/scrypt, README):
// a demonstration hash config, not any real project's.
const PUBLISHED: LegacyHashConfig = {
  signerKey: Buffer.from('jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==', 'base64'),
  saltSeparator: Buffer.from('Bw==', 'base64'),
  rounds: 8,
  memCost: 14,
};
const stored = encodeLegacyPassword(
  '42xEC+ixf3L2lw==',
  'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
)!;

describe("the older system's password hashes (Firebase's modified scrypt)", () => {
  it('accepts the right password of the published example and refuses others', async () => {
    expect(await verifyLegacyPassword(stored, 'user1password', PUBLISHED)).toBe(true);
    expect(await verifyLegacyPassword(stored, 'user1password ', PUBLISHED)).toBe(false);
    expect(await verifyLegacyPassword(stored, 'user1password', { ...PUBLISHED, saltSeparator: Buffer.alloc(0) })).toBe(false);
    expect(await verifyLegacyPassword(stored, 'user1password', { ...PUBLISHED, signerKey: Buffer.alloc(64, 1) })).toBe(false);
  });

  it('refuses what is not a stored legacy hash, and keeps unusable exports out', async () => {
    expect(await verifyLegacyPassword('$argon2id$v=19$…', 'user1password', PUBLISHED)).toBe(false);
    expect(await verifyLegacyPassword('firebase-scrypt$', 'user1password', PUBLISHED)).toBe(false);
    expect(encodeLegacyPassword('', 'abc')).toBeUndefined();
    expect(encodeLegacyPassword('42xEC+ixf3L2lw==', 'c2hvcnQ=')).toBeUndefined();
  });
});
