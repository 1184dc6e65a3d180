import { useEffect, useRef, type ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
  // A prerendered page shows its form before its code runs: until then the form is disabled, so a
  // quick visitor cannot submit it natively (a GET with the password in the URL) or type into it unseen.
  // The attribute is lifted by the DOM once hydrated, not by a second render of the whole form (that
  // re-render cost a long task on a phone). React never sets it again: its prop does not change.
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    fieldset.current?.removeAttribute('disabled');
  }, []);
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
          <fieldset ref={fieldset} disabled style={{ display: 'contents' }}>
            {children}
          </fieldset>
        </Stack>
      </Paper>
    </Center>
  );
}
