import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's password field with its show/hide button named in the reader's language and reachable
 * with the keyboard (Mantine's own is named in English and skipped by Tab).
 */
export function PasswordInput({ visibilityToggleButtonProps, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <MantinePasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('common.passwordVisibility'), ...visibilityToggleButtonProps }}
      {...props}
    />
  );
}
