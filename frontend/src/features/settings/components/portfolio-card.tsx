import { Alert, Anchor, Card, Checkbox, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import { formatDate } from '../../../lib/format';
import { useOwnPortfolio, useSavePortfolio } from '../api/portfolio';

/**
 * Settings → Portfolio (students): publish a page anyone can read at a stable address — name, bio,
 * skills and assessment, completed projects with their certificates, and the reviews chosen here —
 * and keep it out of search engines if they like. Off until published; each change saves at once.
 */
export function PortfolioCard() {
  const { t } = useTranslation();
  const own = useOwnPortfolio();
  const save = useSavePortfolio();
  const p = own.data;
  const change = (patch: Partial<{ published: boolean; noindex: boolean; showAssessment: boolean; reviewIds: string[] }>) => {
    if (p)
      save.mutate({
        published: p.published,
        noindex: p.noindex,
        showAssessment: p.showAssessment,
        reviewIds: p.reviewIds,
        ...patch,
      });
  };
  const address = p?.slug ? `${window.location.origin}/portfolio/${p.slug}` : '';
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="portfolio-title">
      <Stack gap="sm">
        <Title order={3} fz="h4" id="portfolio-title">
          {t('portfolio.settingsTitle')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('portfolio.settingsHelp')}
        </Text>
        {own.isLoading ? <Skeleton h={80} /> : null}
        {own.isError ? <Alert color="red">{errorText(own.error, t)}</Alert> : null}
        {save.error ? (
          <Alert color="red" role="alert">
            {errorText(save.error, t)}
          </Alert>
        ) : null}
        {p ? (
          <>
            <Switch
              label={t('portfolio.publish')}
              checked={p.published}
              disabled={save.isPending}
              onChange={(e) => {
                change({ published: e.currentTarget.checked });
              }}
            />
            {p.published && p.slug ? (
              <Text fz="sm">
                {t('portfolio.address')}{' '}
                <Anchor component={Link} to={`/portfolio/${p.slug}`} dir="ltr">
                  {address}
                </Anchor>
              </Text>
            ) : null}
            <Switch
              label={t('portfolio.noindex')}
              description={t('portfolio.noindexHint')}
              checked={p.noindex}
              disabled={save.isPending}
              onChange={(e) => {
                change({ noindex: e.currentTarget.checked });
              }}
            />
            <Switch
              label={t('portfolio.showAssessment')}
              checked={p.showAssessment}
              disabled={save.isPending}
              onChange={(e) => {
                change({ showAssessment: e.currentTarget.checked });
              }}
            />
            <Checkbox.Group
              label={t('portfolio.reviews')}
              description={p.reviewsToChoose.length ? t('portfolio.reviewsHint') : t('portfolio.noReviews')}
              value={p.reviewIds}
              onChange={(reviewIds) => {
                change({ reviewIds });
              }}
            >
              <Stack gap={6} mt="xs">
                {p.reviewsToChoose.map((r) => (
                  <Checkbox
                    key={r.id}
                    value={r.id}
                    disabled={save.isPending}
                    label={t('portfolio.reviewLabel', {
                      project: r.projectTitle,
                      company: r.companyName,
                      value: Math.round(r.overall * 10) / 10,
                      date: formatDate(r.createdAt),
                    })}
                    description={r.text || undefined}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
