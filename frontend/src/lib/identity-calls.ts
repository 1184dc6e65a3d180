/**
 * The calls `lib/auth` makes, with the api client and the identity contract: imported when first
 * called, so a prerendered public page hydrates without zod and the contract's schemas.
 */
import type { Locale } from '@mashrou/contracts';
import { identity } from '@mashrou/contracts/routes';
import { call } from './api-client';

export const me = () => call(identity.me);

export const signOut = () => call(identity.signOut);

/** The account's language (lib/language), which its emails follow: the account as saved. */
export const saveLanguage = async (locale: Locale) => (await call(identity.updateMe, { body: { locale } })).user;
