import { Alert, Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApplicationStatus } from '@mashrou/contracts';
import { MESSAGE_MAX } from '@mashrou/contracts/values';
import { errorText } from '../../../lib/error-messages';
import { CharCount } from '../../../components/ui/char-count';
import { fieldErrorText } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useSendMessage, type useThread } from '../api/messages';
import { messageResolver } from '../api/form-resolvers';
import { GrowingTextarea } from '../../../components/ui/growing-textarea';

/**
 * An opened conversation (message-thread.tsx folds it): the messages, oldest first, then a box to
 * write when the caller may. Loaded when a thread is first opened, with its form; kept while folded,
 * so a message begun is still there when it opens again.
 */
interface ThreadBodyProps {
  applicationId: string;
  status: ApplicationStatus;
  panelId: string;
  thread: ReturnType<typeof useThread>;
}

export function ThreadBody({ applicationId, status, panelId, thread }: ThreadBodyProps) {
  const { t } = useTranslation();
  const send = useSendMessage(applicationId);
  const { register, handleSubmit, reset, formState, control } = useForm({
    resolver: messageResolver,
    defaultValues: { body: '' },
    reValidateMode: 'onChange',
  });
  const body = useWatch({ control, name: 'body' });

  const onSubmit = handleSubmit(
    ({ body }) => {
      send.mutate(body, {
        onSuccess: () => {
          reset();
        },
      });
    },
    () => {
      send.reset();
    },
  );

  return (
    <Stack gap="xs" id={panelId}>
      {thread.isLoading ? <Skeleton h={60} /> : null}
      {thread.isError ? (
        <Alert color="red" role="alert">
          {errorText(thread.error, t)}
        </Alert>
      ) : null}
      {thread.data?.messages.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('market.messages.none')}
        </Text>
      ) : null}
      <Stack gap={6} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('market.messages.title')}>
        {thread.data?.messages.map((m) => (
          <Box
            component="li"
            key={m.id}
            data-testid="message"
            p="xs"
            maw="85%"
            style={{
              alignSelf: m.mine ? 'flex-end' : 'flex-start',
              borderRadius: 8,
              background: m.mine ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-gray-0)',
              border: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <Text fz="xs" c="dimmed">
              {/* Each part keeps its own direction: a Latin name beside an Arabic date stays in order. */}
              <bdi>{m.mine ? t('market.messages.you') : m.senderName}</bdi> · <bdi>{formatDateTime(m.createdAt)}</bdi>
            </Text>
            <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body}
            </Text>
          </Box>
        ))}
      </Stack>
      {thread.data && !thread.data.canWrite ? (
        <Text fz="sm" c="dimmed">
          {status === 'withdrawn' ? t('market.messages.withdrawn') : t('market.messages.notYet')}
        </Text>
      ) : null}
      {thread.data?.canWrite ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap={6}>
            {send.isError ? (
              <Alert color="red" role="alert">
                {t('market.messages.notSent', { reason: errorText(send.error, t) })}
              </Alert>
            ) : null}
            <GrowingTextarea
              label={t('market.messages.write')}
              minRows={2}
              description={<CharCount value={body} max={MESSAGE_MAX} />}
              {...register('body')}
              error={fieldErrorText(t, formState.errors.body)}
            />
            <Button type="submit" size="xs" w="fit-content" disabled={send.isPending}>
              {t('market.messages.send')}
            </Button>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
