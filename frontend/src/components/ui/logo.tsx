import { Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" style={{ textDecoration: 'none' }} aria-label={t('brand')}>
      <Group gap={8}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text fw={800} fz="xl" c="brand.8">
          {t('brand')}
        </Text>
      </Group>
    </Link>
  );
}
