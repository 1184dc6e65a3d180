import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import { useSaveSearch } from '../api/saved-searches';

interface Filters {
  q?: string;
  skill?: string;
  mode?: 'remote' | 'onsite' | 'hybrid';
  paid?: boolean;
  maxWeeks?: number;
}

/**
 * Browse's "Save this search": keeps the words and filters on screen, and asks how to hear of new
 * projects that match (in the app at once, a daily email, or both). Shown once there is something to save.
 */
export function SaveSearch({ filters }: { filters: Filters }) {
  const { t } = useTranslation();
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [instant, setInstant] = useState(true);
  const [daily, setDaily] = useState(false);
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
            save.mutate(
              { ...filters, instant, daily },
              {
                onSuccess: () => {
                  setOpen(false);
                },
              },
            );
          }}
        >
          {t('market.saved.confirm')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            setOpen(false);
          }}
        >
          {t('market.workspace.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
