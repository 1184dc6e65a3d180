import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoredFile } from '@mashrou/contracts';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { CvUpload } from '../../../components/ui/cv-upload';
import { errorText } from '../../../lib/error-messages';
import { useRemoveProfileCv, useSetProfileCv } from '../api/profiles';

/** The CV kept on the profile: upload (or replace) a PDF, or remove it; each change is saved at once. */
export function ProfileCvField({ cv }: { cv: StoredFile | null }) {
  const { t } = useTranslation();
  const set = useSetProfileCv();
  const remove = useRemoveProfileCv();
  const [asking, setAsking] = useState(false);
  const failed = set.error ?? remove.error;
  const done = set.isSuccess ? 'settings.cvSaved' : remove.isSuccess ? 'settings.cvRemoved' : null;
  return (
    <Stack gap="xs" data-testid="profile-cv">
      {failed ? (
        <Alert color="red" role="alert">
          {errorText(failed, t)}
        </Alert>
      ) : done ? (
        <Alert color="teal" role="status">
          {t(done)}
        </Alert>
      ) : null}
      <CvUpload
        label={t('settings.cv')}
        hint={t('settings.cvHint')}
        value={cv}
        busy={set.isPending || remove.isPending}
        onChange={(file) => {
          if (!file) return;
          remove.reset();
          set.mutate(file.id);
        }}
        onRemove={() => {
          setAsking(true);
        }}
      />
      <ConfirmModal
        opened={asking}
        title={t('settings.cvRemoveTitle')}
        confirmLabel={t('settings.cvRemoveOk')}
        color="red"
        onCancel={() => {
          setAsking(false);
        }}
        onConfirm={() => {
          setAsking(false);
          set.reset();
          remove.mutate();
        }}
      >
        {t('settings.cvRemoveConfirm', { name: cv?.name ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}
