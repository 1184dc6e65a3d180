import { useState } from 'react';
import { Button, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadedPart, PartFailed, lazyPart } from '../../../components/ui/loaded-part';
import { useSaveSearch } from '../api/saved-searches';

export interface Filters {
  q?: string;
  skill?: string;
  mode?: 'remote' | 'onsite' | 'hybrid';
  paid?: boolean;
  maxWeeks?: number;
}

/** The choices of how to hear of matches: their code comes when they are asked for, not with Browse. */
const SaveSearchForm = lazyPart(() => import('./save-search-form').then((m) => m.SaveSearchForm));

/**
 * Browse's "Save this search": keeps the words and filters on screen, and asks how to hear of new
 * projects that match (in the app at once, a daily email, or both). Shown once there is something to save.
 */
export function SaveSearch({ filters }: { filters: Filters }) {
  const { t } = useTranslation();
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  if (save.isSuccess && !open) {
    return (
      <Text fz="sm" c="teal.9" role="status">
        {t('market.saved.done')}
      </Text>
    );
  }
  if (!open) {
    return (
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        onPointerEnter={SaveSearchForm.load.start}
        onFocus={SaveSearchForm.load.start}
        onClick={() => {
          save.reset();
          setOpen(true);
        }}
      >
        {t('market.saved.save')}
      </Button>
    );
  }
  return (
    <LoadedPart
      load={SaveSearchForm.load}
      fallback={<Skeleton h={64} />}
      failed={(retry) => (
        <PartFailed
          onRetry={retry}
          onCancel={() => {
            setOpen(false);
          }}
        />
      )}
    >
      <SaveSearchForm
        filters={filters}
        save={save}
        onClose={() => {
          setOpen(false);
        }}
      />
    </LoadedPart>
  );
}
