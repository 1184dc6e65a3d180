import type { Locale } from '@mashrou/contracts';
import { DomainError } from '../common/errors.js';
import { clientKey, type Limit, type RateLimitService } from '../rate-limit/rate-limit.service.js';

export const CODE_LIFETIME_MS = 600_000; // spec §5, §9: 10 minutes
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_INTERVAL_S = 30;
export const RESET_LIFETIME_MS = 60 * 60_000;
/** How long the old address's link to get the account back works after an email change. */
export const RECOVERY_LIFETIME_MS = 7 * 86_400_000;

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;
/** Password guesses: 10 per 15 minutes, the window doubling each time it is found spent, up to a day. */
const guesses = (key: string): Limit => ({ key, max: 10, windowS: 15 * 60, grow: { maxWindowS: DAY_S } });

/**
 * Every budget of the identity flows (README "Security"). They are counted in Redis before the
 * work they protect (argon2, a code check, a mail), atomically, so parallel requests cannot slip
 * past them. `addr` is an address's canonical mailbox, keyed (RateLimitService.address); `ip` a
 * client address as one budget holder (clientKey: IPv6 by its /64).
 */
export const LIMITS = {
  /**
   * Sign-in from a browser the account has not signed in from: 10 attempts per window per account,
   * the window doubling each time it is found spent (15 min, 30 min, 1 h … up to a day), and 50 per
   * client address per 15 min. An attacker gets ~70 guesses on an account in the first day and 10 a
   * day after; a successful sign-in gives its attempt back; a password reset clears the account.
   */
  signInAccount: (addr: string) => guesses(`signin:acct:${addr}`),
  signInIp: (ip: string): Limit => ({ key: `signin:ip:${ip}`, max: 50, windowS: 15 * 60 }),
  /** Google or LinkedIn sign-ins started from one client address (each keeps its checks 10 minutes). */
  providerStartIp: (ip: string): Limit => ({ key: `provider-start:ip:${ip}`, max: 60, windowS: 15 * 60 }),
  /**
   * A browser where the account signed in (or signed up) before, known by a signed device cookie,
   * has a budget of its own, so a stranger exhausting the account's budget never locks the owner out
   * of their own devices. A password reset clears these too.
   */
  signInDevice: (userId: string, nonce: string) => guesses(`signin:dev:${userId}:${nonce}`),
  /** Checking the current password to change it: a stolen session cannot guess it at will. */
  passwordCheck: (userId: string) => guesses(`password-check:${userId}`),
  signUpIp: (ip: string, perHour: number): Limit => ({ key: `signup:ip:${ip}`, max: perHour, windowS: HOUR_S }),
  signUpAddress: (addr: string): Limit => ({ key: `signup:addr:${addr}`, max: 5, windowS: HOUR_S }),
  /** Codes mailed: 5 per account and 30 per client address per hour (and one per 30 s). */
  codesAccount: (userId: string): Limit => ({ key: `codes:acct:${userId}`, max: 5, windowS: HOUR_S }),
  codesIp: (ip: string): Limit => ({ key: `codes:ip:${ip}`, max: 30, windowS: HOUR_S }),
  /**
   * Code guesses, across all the account's codes: 5 per hour and 10 per day per account, 30 per
   * hour per client address; besides, a code dies after 5 wrong tries and 10 minutes. A guess hits
   * a 6-digit CSPRNG code with probability 1/10^6, so an account can be tried at most 3,650 times a
   * year: P(ever verifying an address one does not own) <= 3,650 / 10^6 ≈ 0.37 % a year, and every
   * try needs a fresh code mailed to the real owner, who sees it.
   */
  codeTriesHour: (userId: string): Limit => ({ key: `code-tries:h:${userId}`, max: 5, windowS: HOUR_S }),
  codeTriesDay: (userId: string): Limit => ({ key: `code-tries:d:${userId}`, max: 10, windowS: DAY_S }),
  codeTriesIp: (ip: string): Limit => ({ key: `code-tries:ip:${ip}`, max: 30, windowS: HOUR_S }),
  /** Reset requests: 20 per client address per hour (429); 3 mails per mailbox per hour (silently). */
  resetIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 20, windowS: HOUR_S }),
  resetAddress: (addr: string): Limit => ({ key: `reset:addr:${addr}`, max: 3, windowS: HOUR_S }),
};

/**
 * Before a code is mailed: one per RESEND_INTERVAL_S per flow (`resendKey`), then the account's and
 * the client address's code budgets.
 */
export async function spendCodeMail(limits: RateLimitService, resendKey: string, userId: string, meta: ClientMeta) {
  if (!(await limits.once(resendKey, RESEND_INTERVAL_S))) {
    throw new DomainError('resend-too-soon', `Please wait ${RESEND_INTERVAL_S} seconds before asking for another code.`, 429);
  }
  await limits.enforce(
    'too-many-codes',
    'You have asked for too many codes. Please try again in an hour.',
    LIMITS.codesAccount(userId),
    LIMITS.codesIp(clientKey(meta.ip)),
  );
}

/** A code guess spends the guess budgets; only wrong guesses should: the returned function gives it back. */
export async function spendCodeTry(limits: RateLimitService, userId: string, meta: ClientMeta) {
  const budgets = [LIMITS.codeTriesHour(userId), LIMITS.codeTriesDay(userId), LIMITS.codeTriesIp(clientKey(meta.ip))];
  const verdict = await limits.consume(...budgets);
  if (!verdict.ok) {
    throw new DomainError('too-many-code-attempts', 'Too many wrong codes. Please try again later.', 429, {
      retryAfterSeconds: verdict.retryAfterS,
    });
  }
  return () => limits.refund(...budgets.map((b) => b.key));
}

/** Where a request comes from, as the budgets need it. */
export interface ClientMeta {
  /** `req.ip`: the socket's address, or what TRUST_PROXY trusted proxies say it is. */
  ip?: string;
  userAgent?: string;
  /** The signed device cookie, if this browser has one. */
  deviceToken?: string;
  /** The browser's preferred language of ours (from `Accept-Language`). */
  locale?: Locale;
}
