import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';

/** What went wrong with a change in a workspace, in words (nothing while nothing did). */
export function Failed({ error, mt }: { error: Error | null; mt?: 'xs' }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" role="alert" mt={mt}>
      {t('workspace.failed', { reason: errorText(error, t) })}
    </Alert>
  );
}
