/** The signed-in account's language, followed by the whole app (its own module: no mutation code at start). */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@mashrou/contracts';
import { currentLanguage, setLanguage } from './i18n';
import { meKey } from './me-key';

/**
 * The account's language is the one its screens show (and its emails use): whenever the signed-in
 * user arrives or changes (sign-in, a reload, a save in Settings), the app follows it. Watches the
 * query cache rather than asking the server, so it adds no request.
 */
export function useFollowAccountLanguage() {
  const qc = useQueryClient();
  useEffect(() => {
    const follow = (user: User | null | undefined) => {
      if (user && user.locale !== currentLanguage()) void setLanguage(user.locale);
    };
    follow(qc.getQueryData<User | null>(meKey));
    return qc.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey as readonly unknown[];
      if (event.type === 'updated' && key[0] === meKey[0] && key[1] === meKey[1]) {
        follow(event.query.state.data as User | null | undefined);
      }
    });
  }, [qc]);
}
