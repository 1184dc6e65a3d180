import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Kind } from '../../hooks/use-sign-up-flow';
import { CompanyIcon, StudentIcon } from './user-type-icons';

/** Step 1: Student ('Looking for opportunities') or Company ('Offering opportunities'). */
export function UserTypeStep({ onPick }: { onPick: (k: Kind) => void }) {
  const { t } = useTranslation();
  const choice = (kind: Kind, label: string, hint: string, icon: ReactNode) => (
    <UnstyledButton
      onClick={() => {
        onPick(kind);
      }}
      p="lg"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12 }}
    >
      <Stack gap={6} align="center" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Text fw={700}>{label}</Text>
        <Text c="dimmed" fz="sm">
          {hint}
        </Text>
      </Stack>
    </UnstyledButton>
  );
  return (
    <Stack>
      <Text fw={600} ta="center">
        {t('signup.userType.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {choice('student', t('signup.userType.student'), t('signup.userType.studentHint'), <StudentIcon />)}
        {choice('startup', t('signup.userType.company'), t('signup.userType.companyHint'), <CompanyIcon />)}
      </SimpleGrid>
    </Stack>
  );
}
