import { useEffect, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18n, { currentLanguage, isRtl } from '../lib/i18n';
import { useFollowAccountLanguage } from '../lib/account-language';
import { theme } from './theme';

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } } });

/** Keeps Mantine's direction (popovers, drawers, sliders) with the language shown. */
function DirectionOfLanguage() {
  const { setDirection } = useDirection();
  useEffect(() => {
    const follow = () => {
      setDirection(isRtl(currentLanguage()) ? 'rtl' : 'ltr');
    };
    follow();
    i18n.on('languageChanged', follow);
    return () => {
      i18n.off('languageChanged', follow);
    };
  }, [setDirection]);
  return null;
}

function AccountLanguage() {
  useFollowAccountLanguage();
  return null;
}

export function AppProvider({ children, queryClient = createQueryClient() }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={isRtl(currentLanguage()) ? 'rtl' : 'ltr'} detectDirection={false}>
        <DirectionOfLanguage />
        <MantineProvider theme={theme}>
          <QueryClientProvider client={queryClient}>
            <AccountLanguage />
            {children}
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
