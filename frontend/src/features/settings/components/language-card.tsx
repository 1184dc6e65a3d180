import { Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, currentLanguage } from '../../../lib/i18n';
import { LANGUAGE_NAMES, useChooseLanguage } from '../../../lib/language';

/** Settings → Language: the account's language, for its screens and the emails it receives. */
export function LanguageCard() {
  const { t } = useTranslation();
  const choose = useChooseLanguage();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('language.settingsTitle')}
        </Title>
        <Radio.Group
          value={currentLanguage()}
          onChange={(value) => {
            choose.mutate(value);
          }}
          label={t('language.settingsHelp')}
          error={choose.isError ? t('language.saveFailed') : undefined}
        >
          <Group mt="xs">
            {LOCALES.map((locale) => (
              <Radio key={locale} value={locale} label={<span lang={locale}>{LANGUAGE_NAMES[locale]}</span>} />
            ))}
          </Group>
        </Radio.Group>
        {choose.isPending ? (
          <Text fz="sm" c="dimmed" aria-live="polite">
            {t('language.saving')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
