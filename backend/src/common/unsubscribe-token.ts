import type { EmailKind } from '@mashrou/contracts';
import { EMAIL_KINDS } from '@mashrou/contracts';
import { isUuid } from './batch-loader.js';
import { hmac, safeEqual } from './crypto.js';

/** What an unsubscribe link turns off: one kind of notification email, or all of them. */
export type UnsubscribeKind = EmailKind | 'all';

const KINDS: ReadonlySet<string> = new Set<string>([...EMAIL_KINDS, 'all']);

const signature = (secret: string, userId: string, kind: UnsubscribeKind) =>
  hmac(secret, `unsubscribe:${userId}:${kind}`).slice(0, 32);

/**
 * The token of an unsubscribe link: the account, the kind and a keyed signature (APP_SECRET), so the
 * link works without signing in and cannot be made for anyone else. Nothing is stored; it does not
 * expire (a mail read months later still unsubscribes).
 */
export const unsubscribeToken = (secret: string, userId: string, kind: UnsubscribeKind) =>
  `${userId}.${kind}.${signature(secret, userId, kind)}`;

/** The account and kind of a genuine token, else null. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: UnsubscribeKind } | null {
  const [userId = '', kind = '', sig = '', ...rest] = token.split('.');
  if (rest.length || !isUuid(userId) || !KINDS.has(kind)) return null;
  const k = kind as UnsubscribeKind;
  return safeEqual(sig, signature(secret, userId, k)) ? { userId, kind: k } : null;
}
