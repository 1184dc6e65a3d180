import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LiveOnceHydrated } from '../../lib/live-once-hydrated';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

/** The frame of the sign-in, sign-up and reset screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg" maw={width} w="100%" withBorder>
        <Stack gap="lg">
          <Group justify="flex-end" mb={-8}>
            <LanguageSwitch />
          </Group>
          <Stack gap={6} align="center">
            <Logo />
            <Title order={1} fz="h2" ta="center">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" ta="center" fz="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {/* A prerendered page's form is live once its code runs (lib/live-once-hydrated). */}
          <LiveOnceHydrated>{children}</LiveOnceHydrated>
        </Stack>
      </Paper>
    </Center>
  );
}
