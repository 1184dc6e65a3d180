import { Button, Group, Stack, Text, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, currentLanguage } from '../../lib/i18n';
import { LANGUAGE_NAMES, useChooseLanguage } from '../../lib/language';

/**
 * The other languages, each named in itself ("العربية" on an English page, "English" on an Arabic
 * one), one click away on every public page and in Settings. Says so when the account could not
 * keep the choice.
 */
export function LanguageSwitch(props: ButtonProps) {
  const { t } = useTranslation();
  const choose = useChooseLanguage();
  const shown = currentLanguage();
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={4} role="group" aria-label={t('language.label')}>
        {LOCALES.filter((l) => l !== shown).map((locale) => (
          <Button
            key={locale}
            variant="subtle"
            size="compact-sm"
            lang={locale}
            loading={choose.isPending && choose.variables === locale}
            onClick={() => {
              choose.mutate(locale);
            }}
            {...props}
          >
            {LANGUAGE_NAMES[locale]}
          </Button>
        ))}
      </Group>
      {choose.isError ? (
        <Text role="alert" fz="xs" c="red.8">
          {t('language.saveFailed')}
        </Text>
      ) : null}
    </Stack>
  );
}
