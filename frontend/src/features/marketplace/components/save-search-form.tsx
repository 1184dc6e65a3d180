import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import type { useSaveSearch } from '../api/saved-searches';
import type { Filters } from './save-search';

/**
 * How to hear of new projects that match the search being saved (in the app at once, a daily email,
 * or both), and Save. Its code (Mantine's Checkbox) comes when Browse's "Save this search" is pressed.
 */
export function SaveSearchForm({
  filters,
  save,
  onClose,
}: {
  filters: Filters;
  save: ReturnType<typeof useSaveSearch>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [instant, setInstant] = useState(true);
  const [daily, setDaily] = useState(false);
  return (
    <Stack gap={6} role="group" aria-label={t('market.saved.save')}>
      {save.error ? (
        <Alert color="red" role="alert">
          {errorText(save.error, t)}
        </Alert>
      ) : null}
      <Group gap="md">
        <Checkbox
          label={t('market.saved.instant')}
          checked={instant}
          onChange={(e) => {
            setInstant(e.currentTarget.checked);
          }}
        />
        <Checkbox
          label={t('market.saved.daily')}
          checked={daily}
          onChange={(e) => {
            setDaily(e.currentTarget.checked);
          }}
        />
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          disabled={save.isPending}
          onClick={() => {
            save.mutate({ ...filters, instant, daily }, { onSuccess: onClose });
          }}
        >
          {t('market.saved.confirm')}
        </Button>
        <Button size="xs" variant="subtle" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
