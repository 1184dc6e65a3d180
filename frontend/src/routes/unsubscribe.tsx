import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Unsubscription } from '@mashrou/contracts';
import { identity } from '@mashrou/contracts/routes';
import { call } from '../lib/api-client';
import { errorText } from '../lib/error-messages';
import { isolate } from '../lib/format';
import { meKey } from '../lib/me-key';

/**
 * Where a notification email's "Unsubscribe" link leads (no sign-in: the link is signed). Opening it
 * changes nothing (a mail scanner may open links); one button turns that kind of email off, and Undo
 * turns it back on. A mail client's own Unsubscribe button posts to the api directly (RFC 8058).
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const token = useSearchParams()[0].get('token') ?? '';
  const key = ['unsubscribe', token];
  const state = useQuery({
    queryKey: key,
    queryFn: () => call(identity.unsubscription, { query: { token } }),
    retry: false,
  });
  const change = useMutation({
    mutationFn: (resubscribe: boolean) => call(identity.unsubscribe, { query: { token }, body: { resubscribe } }),
    onSuccess: (now: Unsubscription) => {
      qc.setQueryData(key, now);
      // A signed-in tab's Settings shows the change.
      void qc.invalidateQueries({ queryKey: meKey });
    },
  });
  const u = state.data;
  const kind = u ? t(`unsubscribe.kinds.${u.kind}`) : '';
  const email = u ? isolate(u.email) : '';

  return (
    <Center mih="100vh" p="md" component="main">
      <Stack gap="md" maw={520} w="100%">
        <Title order={1}>{t('unsubscribe.title')}</Title>
        {state.isLoading ? <Loader aria-label={t('common.loading')} /> : null}
        {state.isError ? (
          <Alert color="red" role="alert">
            {errorText(state.error, t)}
          </Alert>
        ) : null}
        {change.isError ? (
          <Alert color="red" role="alert">
            {errorText(change.error, t)}
          </Alert>
        ) : null}
        {u && !u.off ? (
          <>
            <Text>{change.isSuccess ? t('unsubscribe.resubscribed', { kind }) : t('unsubscribe.ask', { kind, email })}</Text>
            <Button
              w="fit-content"
              loading={change.isPending}
              onClick={() => {
                change.mutate(false);
              }}
            >
              {t('unsubscribe.confirm')}
            </Button>
          </>
        ) : null}
        {u?.off ? (
          <Alert color="teal" role="status">
            <Stack gap="xs">
              <Text fz="sm">{t('unsubscribe.done', { kind, email })}</Text>
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  loading={change.isPending}
                  onClick={() => {
                    change.mutate(true);
                  }}
                >
                  {t('unsubscribe.undo')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <Anchor component={Link} to="/dashboard/settings" w="fit-content">
          {t('unsubscribe.settings')}
        </Anchor>
      </Stack>
    </Center>
  );
}

export default UnsubscribePage;
