import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's Pagination with its arrow buttons named for screen readers (they hold only an icon). */
export function Pager(props: PaginationProps) {
  const { t } = useTranslation();
  return <Pagination getControlProps={(control) => ({ 'aria-label': t(`common.pager.${control}`) })} {...props} />;
}
