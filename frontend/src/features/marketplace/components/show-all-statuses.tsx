import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list filtered by a status that came out empty: the way back to every status. */
export function ShowAllStatuses({ onClick, size }: { onClick: () => void; size?: 'xs' }) {
  const { t } = useTranslation();
  return (
    <Button variant="light" size={size} onClick={onClick}>
      {t('market.showAllStatuses')}
    </Button>
  );
}
