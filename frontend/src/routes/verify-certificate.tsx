import { Alert, Anchor, Badge, Card, Center, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { certificates } from '@mashrou/contracts/routes';
import { call } from '../lib/api-client';
import { ApiError } from '../lib/errors';
import { errorText } from '../lib/error-messages';
import { formatDate } from '../lib/format';

/**
 * A certificate's public page (/verify/<code>, the address its PDF's QR code points to): what it
 * states, read from the database, for anyone; a withdrawn one says so and why.
 */
export function VerifyCertificatePage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const cert = useQuery({
    queryKey: ['certificate', code],
    queryFn: ({ signal }) => call(certificates.verify, { params: { code }, signal }),
    retry: false,
  });
  const c = cert.data;
  const unknown =
    cert.error instanceof ApiError && (cert.error.code === 'certificate-not-found' || cert.error.code === 'invalid-id');
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack gap="md" maw={640} w="100%">
        <Title order={1} fz="h2">
          {t('verify.title')}
        </Title>
        {cert.isLoading ? <Skeleton h={220} radius="lg" /> : null}
        {unknown ? (
          <Alert color="red" title={t('verify.unknownTitle')}>
            {t('verify.unknown')}
          </Alert>
        ) : cert.isError ? (
          <Alert color="red">{errorText(cert.error, t)}</Alert>
        ) : null}
        {c ? (
          <Card withBorder radius="lg" padding="lg" data-testid="certificate">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start">
                <Text fz="sm" c="dimmed">
                  {t('verify.certifies')}
                </Text>
                <Badge color={c.withdrawnAt ? 'red' : 'teal'} variant="light">
                  {t(c.withdrawnAt ? 'verify.withdrawn' : 'verify.valid')}
                </Badge>
              </Group>
              <Title order={2} fz="h3" dir="auto">
                {c.studentName}
              </Title>
              <Text fz="sm">{t('verify.completed')}</Text>
              <Text fw={700} dir="auto">
                {c.projectTitle}
              </Text>
              <Text fz="sm">{t('verify.with', { company: c.companyName })}</Text>
              <Text fz="sm">{t('verify.dates', { from: formatDate(c.startedOn), to: formatDate(c.completedOn) })}</Text>
              {c.skills.length ? (
                <Text fz="sm">{t('verify.skills', { skills: c.skills.join(t('verify.listSeparator')) })}</Text>
              ) : null}
              {c.rating !== null ? <Text fz="sm">{t('verify.rating', { value: c.rating })}</Text> : null}
              <Text fz="xs" c="dimmed">
                {t('verify.issued', { date: formatDate(c.issuedAt) })} · {t('verify.code', { code: c.code })}
              </Text>
              {c.withdrawnAt ? (
                <Alert color="red" title={t('verify.withdrawnTitle', { date: formatDate(c.withdrawnAt) })}>
                  <Text fz="sm" dir="auto">
                    {c.withdrawnReason}
                  </Text>
                </Alert>
              ) : null}
            </Stack>
          </Card>
        ) : null}
        <Anchor component={Link} to="/" fz="sm">
          {t('verify.home')}
        </Anchor>
      </Stack>
    </Center>
  );
}

export default VerifyCertificatePage;
