import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SignInProvider } from '@mashrou/contracts';
import { ProviderIcon } from '../../../../components/ui/provider-icon';
import { providerStartUrl } from '../../../../lib/provider-start';
import { useSignInProviders } from '../../api/providers';

/**
 * "Continue with Google" and "Continue with LinkedIn": each only where the api offers it. A button
 * is a link to the api's start of that provider's sign-in (a full navigation: the provider's page
 * comes next).
 */
export function ProviderButtons({ intent, next }: { intent: 'signin' | 'signup'; next?: string | null }) {
  const { t } = useTranslation();
  const { data } = useSignInProviders();
  if (!data?.length) return null;
  return (
    <Stack gap="sm">
      <Divider label={t('signin.providers.or')} labelPosition="center" />
      {data.map((p: SignInProvider) => (
        <Button
          key={p}
          component="a"
          href={providerStartUrl(p, intent, next)}
          variant="default"
          size="md"
          fullWidth
          leftSection={<ProviderIcon provider={p} />}
        >
          {t('signin.providers.continueWith', { name: t(`signin.providers.names.${p}`) })}
        </Button>
      ))}
    </Stack>
  );
}
