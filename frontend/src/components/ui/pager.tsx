import {
  Group,
  PaginationItems,
  PaginationNext,
  PaginationPrevious,
  PaginationRoot,
  type PaginationRootProps,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's Pagination as its documented parts (Root, Previous, the page buttons, Next), which is all
 * it shows here: Pagination itself brings its first/last buttons, their icons and a label besides. Its
 * arrow buttons are named for screen readers (they hold only an icon).
 */
export function Pager(props: PaginationRootProps) {
  const { t } = useTranslation();
  // As Pagination: no pages, nothing to show.
  if (props.total <= 0) return null;
  return (
    <PaginationRoot {...props}>
      <Group gap={8}>
        <PaginationPrevious aria-label={t('common.pager.previous')} />
        <PaginationItems />
        <PaginationNext aria-label={t('common.pager.next')} />
      </Group>
    </PaginationRoot>
  );
}
