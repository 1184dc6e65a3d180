import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-messages';
import { fieldErrorText } from '../../../lib/form-errors';
import { PasswordInput } from '../../../components/ui/password-input';
import { DeleteAccountFormSchema, useDeleteAccount } from '../api/own-data';

/** Delete my account: the password confirms it; then the browser leaves for a page that says it is done. */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(DeleteAccountFormSchema),
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
  });
  const close = () => {
    setOpen(false);
    reset();
    remove.reset();
  };
  const onSubmit = handleSubmit((body) => {
    remove.mutate(body, {
      onSuccess: () => {
        // A full load: nothing of the signed-in app stays in memory.
        window.location.assign('/account-deleted');
      },
    });
  });

  return (
    <Card withBorder radius="lg" padding="lg" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack>
        <Title order={3} fz="h4">
          {t('settings.ownData.deleteTitle')}
        </Title>
        <Text fz="sm">{t('settings.ownData.deleteHint')}</Text>
        <Button
          color="red"
          variant="outline"
          w="fit-content"
          onClick={() => {
            setOpen(true);
          }}
        >
          {t('settings.ownData.deleteButton')}
        </Button>
      </Stack>
      <Modal
        opened={open}
        onClose={close}
        title={t('settings.ownData.deleteConfirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={(e) => void onSubmit(e)}>
          <Stack>
            <Text fz="sm">{t('settings.ownData.deleteWarning')}</Text>
            {remove.isError ? (
              <Alert color="red">
                {errorText(remove.error, t, {
                  keys: { 'wrong-password': 'settings.ownData.wrongPassword' },
                  fallback: 'settings.ownData.deleteFailed',
                })}
              </Alert>
            ) : null}
            <PasswordInput
              label={t('settings.current')}
              autoComplete="current-password"
              data-autofocus
              {...register('password')}
              error={fieldErrorText(t, formState.errors.password)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                {t('settings.ownData.deleteConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
