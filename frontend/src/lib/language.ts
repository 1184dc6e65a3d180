/** Choosing the language: in this browser always, and on the account when someone is signed in. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@mashrou/contracts';
import { setLanguage, type Locale } from './i18n';
import { meKey } from './me-key';

/** Each language's own name, written in that language (what a reader of it looks for). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ar: 'العربية' };

/**
 * Switches the app to a language at once and keeps the choice: in this browser, and on the account
 * (so emails follow) when signed in. A failed save is the mutation's error (the switch shows it); the
 * screen has switched already.
 */
export function useChooseLanguage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (locale: Locale) => {
      await setLanguage(locale);
      const me = qc.getQueryData<User | null>(meKey);
      if (me && me.locale !== locale) {
        // The api client loads only now: public pages stay light.
        const { saveLanguage } = await import('./identity-calls');
        qc.setQueryData(meKey, await saveLanguage(locale));
      }
    },
  });
}
