import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SignInProvider } from '@mashrou/contracts';
import { errorText, providerOutcomeText } from '../../../lib/error-messages';
import { formatDate, isolate } from '../../../lib/format';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ProviderIcon } from '../../../components/ui/provider-icon';
import { providerStartUrl } from '../../../lib/provider-start';
import { useSendPasswordLink, useSignInMethods, useUnlink } from '../api/sign-in-methods';

/**
 * Sign-in methods: the password (set, or not yet for an account made through a provider) and each
 * provider the api offers — linked (with the address it gave) and unlinkable while another way in
 * remains, or a button to link it (the provider's sign-in, back here).
 */
export function SignInMethodsCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  const unlink = useUnlink();
  const passwordLink = useSendPasswordLink();
  /** The provider whose unlinking is asked about (kept while the dialog closes, so its text stays). */
  const [asking, setAsking] = useState<SignInProvider | null>(null);
  const [askOpen, setAskOpen] = useState(false);
  const [params] = useSearchParams();
  const name = (p: SignInProvider) => t(`signin.providers.names.${p}`);
  // Back from a provider's sign-in started here: what came of it, in view.
  const linked = params.get('linked');
  const refused = providerOutcomeText(params.get('provider-error'), t);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked || refused) card.current?.scrollIntoView({ block: 'center' });
  }, [linked, refused]);

  const data = methods.data;
  if (!data || (!data.available.length && !data.linked.length)) return null;
  const shown = [...new Set<SignInProvider>([...data.available, ...data.linked.map((l) => l.provider)])];

  return (
    <Card withBorder radius="lg" padding="lg" ref={card}>
      <Stack>
        <Title order={3} fz="h4">
          {t('settings.signInMethods.title')}
        </Title>
        <div role="status" aria-live="polite">
          {linked === 'google' || linked === 'linkedin' ? (
            <Alert color="teal">{t('settings.signInMethods.linked', { name: name(linked) })}</Alert>
          ) : null}
          {unlink.isSuccess ? (
            <Alert color="teal">{t('settings.signInMethods.unlinked', { name: name(unlink.variables) })}</Alert>
          ) : null}
          {passwordLink.isSuccess ? (
            <Alert color="teal">{t('settings.signInMethods.passwordLinkSent', { email: isolate(email) })}</Alert>
          ) : null}
        </div>
        {refused ? (
          <Alert color="red" role="alert">
            {refused}
          </Alert>
        ) : null}
        {unlink.isError ? (
          <Alert color="red" role="alert">
            {errorText(unlink.error, t)}
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{t('settings.signInMethods.password')}</Text>
            <Text fz="sm" c="dimmed">
              {data.password ? t('settings.signInMethods.passwordSet') : t('settings.signInMethods.passwordNotSet')}
            </Text>
          </Stack>
          {!data.password ? (
            <Button
              variant="light"
              disabled={passwordLink.isPending || passwordLink.isSuccess}
              onClick={() => {
                passwordLink.mutate(email);
              }}
            >
              {t('settings.signInMethods.setPassword')}
            </Button>
          ) : null}
        </Group>
        {shown.map((p) => {
          const link = data.linked.find((l) => l.provider === p);
          return (
            <Group key={p} justify="space-between" wrap="wrap" gap="xs" data-testid={`method-${p}`}>
              <Group gap="sm" wrap="nowrap">
                <ProviderIcon provider={p} />
                <Stack gap={0}>
                  <Text fw={600}>{name(p)}</Text>
                  <Text fz="sm" c="dimmed">
                    {link ? (
                      <>
                        {t('settings.signInMethods.linkedAs')} <bdi dir="ltr">{link.email}</bdi> · {formatDate(link.linkedAt)}
                      </>
                    ) : (
                      t('settings.signInMethods.notLinked')
                    )}
                  </Text>
                </Stack>
              </Group>
              {link ? (
                <Button
                  variant="default"
                  disabled={unlink.isPending}
                  onClick={() => {
                    setAsking(p);
                    setAskOpen(true);
                  }}
                >
                  {t('settings.signInMethods.unlink', { name: name(p) })}
                </Button>
              ) : data.available.includes(p) ? (
                <Button component="a" href={providerStartUrl(p, 'link')} variant="light">
                  {t('settings.signInMethods.link', { name: name(p) })}
                </Button>
              ) : null}
            </Group>
          );
        })}
      </Stack>
      <ConfirmModal
        opened={askOpen}
        title={asking ? t('settings.signInMethods.unlinkTitle', { name: name(asking) }) : ''}
        confirmLabel={asking ? t('settings.signInMethods.unlink', { name: name(asking) }) : ''}
        color="red"
        onCancel={() => {
          setAskOpen(false);
        }}
        onConfirm={() => {
          if (asking) unlink.mutate(asking);
          setAskOpen(false);
        }}
      >
        {asking ? t('settings.signInMethods.unlinkConfirm', { name: name(asking) }) : null}
      </ConfirmModal>
    </Card>
  );
}
