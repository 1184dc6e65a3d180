import { randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { DomainError } from '../common/errors.js';

/** argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1). */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most `concurrency` argon2 runs at once in this process (each takes ~19 MiB and a libuv thread
 * for 25–55 ms), so a flood of sign-ups or sign-ins queues here instead of starving the thread pool
 * that file and DNS work share. Past `maxWaiting` callers in line, the api answers 503 `busy`.
 */
class HashSlots {
  concurrency = 2;
  maxWaiting = 200;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most that ever ran at once, and how many ran in all (tests check both). */
  peak = 0;
  runs = 0;

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new DomainError('busy', 'We are very busy right now. Please try again in a moment.', 503, { retryAfterSeconds: 5 });
      }
      // The slot is handed over by the caller that frees it (see below), never raced for.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    this.peak = Math.max(this.peak, this.active);
    this.runs += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
export const passwordHashing = new HashSlots();

export const hashPassword = (password: string) => passwordHashing.run(() => argon2.hash(password, ARGON2));

export async function verifyPassword(hash: string, password: string) {
  return passwordHashing.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

/** A 6-digit code from a CSPRNG. */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export { hmac, randomToken, safeEqual, sha256 } from '../common/crypto.js';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
