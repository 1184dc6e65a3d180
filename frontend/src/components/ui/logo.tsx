import { Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" style={{ textDecoration: 'none' }} aria-label={t('brand')}>
      <Group gap={8}>
        {/* The mark drawn in the page (public/favicon.svg's shapes, which the PNG favicons are made from): an SVG image would be a document of its own to load and set up. */}
        <svg viewBox="0 0 64 64" width={32} height={32} aria-hidden="true" focusable="false">
          <rect width="64" height="64" rx="14" fill="#0f766e" />
          <path d="M16 46V18h7l9 14 9-14h7v28h-7V30l-9 13-9-13v16z" fill="#fff" />
        </svg>
        <Text fw={800} fz="xl" c="brand.8">
          {t('brand')}
        </Text>
      </Group>
    </Link>
  );
}
