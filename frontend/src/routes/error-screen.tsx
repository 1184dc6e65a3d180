import { Button, Center, Code, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../lib/errors';
import { errorKey } from '../lib/error-messages';

export function errorText(error: unknown, fallback: string): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** The crash screen (spec §2): the error text and a way home (a full load, to reset any broken state). */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Title order={1}>{t('error.title')}</Title>
        <Code block data-testid="error-text" style={{ whiteSpace: 'pre-wrap', maxWidth: '100%' }}>
          {/* An api failure reads in our words, never the api's English message. */}
          {error instanceof ApiError || error instanceof NetworkError
            ? t(errorKey(error, { network: 'signin.errors.network' }))
            : errorText(error, t('error.unknown'))}
        </Code>
        <Button component="a" href="/" size="md">
          {t('error.home')}
        </Button>
      </Stack>
    </Center>
  );
}

export function RouteErrorScreen() {
  return <ErrorScreen error={useRouteError()} />;
}
