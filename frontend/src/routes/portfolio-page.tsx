import { useEffect } from 'react';
import { Alert, Anchor, Badge, Card, Center, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { portfolio } from '@mashrou/contracts/routes';
import { call } from '../lib/api-client';
import { ApiError } from '../lib/errors';
import { errorText } from '../lib/error-messages';
import { formatDate } from '../lib/format';

/** While a portfolio its student kept out of search engines is shown, the page says so to crawlers. */
function useNoIndex(on: boolean) {
  useEffect(() => {
    if (!on) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => {
      meta.remove();
    };
  }, [on]);
}

/**
 * A student's published portfolio (/portfolio/<slug>), readable without signing in: only what they
 * chose to show — name, bio, skills and assessment, completed projects with their certificates, and
 * the reviews they picked.
 */
export function PortfolioPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const page = useQuery({
    queryKey: ['portfolio', slug],
    queryFn: ({ signal }) => call(portfolio.read, { params: { slug }, signal }),
    retry: false,
  });
  const p = page.data;
  useNoIndex(p?.noindex ?? false);
  const unknown =
    page.error instanceof ApiError && (page.error.code === 'portfolio-not-found' || page.error.code === 'invalid-id');
  return (
    <Center p="md" component="main">
      <Stack gap="md" maw={760} w="100%" py="xl">
        {page.isLoading ? <Skeleton h={280} radius="lg" /> : null}
        {unknown ? (
          <Alert color="gray" title={t('portfolio.unknownTitle')}>
            {t('portfolio.unknown')}
          </Alert>
        ) : page.isError ? (
          <Alert color="red">{errorText(page.error, t)}</Alert>
        ) : null}
        {p ? (
          <>
            <Stack gap={4}>
              <Text fz="sm" c="dimmed">
                {t('portfolio.kicker')}
              </Text>
              <Title order={1} dir="auto">
                {p.name}
              </Title>
              {p.bio ? (
                <Text dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {p.bio}
                </Text>
              ) : null}
            </Stack>
            {p.skills.length || p.assessment ? (
              <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="portfolio-skills">
                <Title order={2} fz="h4" id="portfolio-skills" mb="xs">
                  {t('portfolio.skills')}
                </Title>
                {p.skills.length ? (
                  <Group gap={6}>
                    {p.skills.map((s) => (
                      <Badge key={s} variant="light">
                        {s}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
                {p.assessment ? (
                  <Text fz="sm" mt="sm">
                    {t('portfolio.assessment', { score: p.assessment.overall })}
                  </Text>
                ) : null}
              </Card>
            ) : null}
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="portfolio-projects">
              <Title order={2} fz="h4" id="portfolio-projects" mb="xs">
                {t('portfolio.projects')}
              </Title>
              {p.projects.length ? (
                <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {p.projects.map((proj) => (
                    <li key={proj.certificateCode}>
                      <Text fw={700} dir="auto">
                        {proj.projectTitle}
                      </Text>
                      <Text fz="sm" c="dimmed">
                        {t('portfolio.projectLine', { company: proj.companyName, date: formatDate(proj.completedOn) })}
                      </Text>
                      <Anchor component={Link} to={`/verify/${proj.certificateCode}`} fz="sm">
                        {t('portfolio.certificate')}
                      </Anchor>
                    </li>
                  ))}
                </Stack>
              ) : (
                <Text fz="sm" c="dimmed">
                  {t('portfolio.noProjects')}
                </Text>
              )}
            </Card>
            {p.reviews.length ? (
              <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="portfolio-reviews">
                <Title order={2} fz="h4" id="portfolio-reviews" mb="xs">
                  {t('portfolio.reviewsTitle')}
                </Title>
                <Stack gap="sm">
                  {p.reviews.map((r) => (
                    <Stack key={r.id} gap={2}>
                      <Text fw={600} fz="sm">
                        {t('portfolio.reviewBy', {
                          company: r.companyName,
                          project: r.projectTitle,
                          value: Math.round(r.overall * 10) / 10,
                        })}
                      </Text>
                      {r.text ? (
                        <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {r.text}
                        </Text>
                      ) : null}
                    </Stack>
                  ))}
                </Stack>
              </Card>
            ) : null}
          </>
        ) : null}
        <Anchor component={Link} to="/" fz="sm">
          {t('verify.home')}
        </Anchor>
      </Stack>
    </Center>
  );
}

export default PortfolioPage;
