import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
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
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg" maw={width} w="100%" withBorder>
        <Stack gap="lg">
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
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
