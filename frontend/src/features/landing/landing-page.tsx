import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { Logo } from '../../components/ui/logo';

interface Step {
  title: string;
  body: string;
}

function Header() {
  const { t } = useTranslation();
  return (
    <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} bg="white">
      <Container size="lg">
        <Group justify="space-between">
          <Logo />
          <Group gap="lg" visibleFrom="sm">
            <Anchor href="#students" c="dark" fw={500}>
              {t('landing.nav.students')}
            </Anchor>
            <Anchor href="#companies" c="dark" fw={500}>
              {t('landing.nav.companies')}
            </Anchor>
            <Anchor href="#how" c="dark" fw={500}>
              {t('landing.nav.how')}
            </Anchor>
          </Group>
          <Group gap="xs">
            <LanguageSwitch />
            <Button component={Link} to="/signin" variant="subtle">
              {t('common.signIn')}
            </Button>
            <Button component={Link} to="/signup">
              {t('common.signUp')}
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

function AudienceCard({ id, prefix }: { id: string; prefix: 'students' | 'companies' }) {
  const { t } = useTranslation();
  const points = t(`landing.${prefix}.points`, { returnObjects: true }) as string[];
  return (
    <Card id={id} withBorder radius="lg" padding="xl" shadow="xs">
      <Badge variant="light" size="lg" mb="sm">
        {t(`landing.${prefix}.lead`)}
      </Badge>
      <Title order={2} fz="h3" mb="md">
        {t(`landing.${prefix}.title`)}
      </Title>
      <List
        spacing="sm"
        icon={
          <ThemeIcon size={22} radius="xl" aria-hidden>
            ✓
          </ThemeIcon>
        }
      >
        {points.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
    </Card>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  const steps = t('landing.how.steps', { returnObjects: true }) as Step[];
  return (
    <Box mih="100vh" bg="gray.0">
      <Header />
      <Box component="main">
        <Box
          component="section"
          py={{ base: 56, sm: 96 }}
          style={{ background: 'linear-gradient(135deg, var(--mantine-color-brand-8) 0%, #134e4a 60%, #1f2937 100%)' }}
        >
          <Container size="lg">
            <Stack gap="lg" maw={720}>
              <Badge color="yellow" variant="filled" size="lg" radius="sm" w="fit-content">
                {t('landing.hero.eyebrow')}
              </Badge>
              <Title order={1} c="white" fz={{ base: 36, sm: 52 }} lh={1.1}>
                {t('landing.hero.title')}
              </Title>
              <Text c="gray.2" fz={{ base: 'md', sm: 'xl' }}>
                {t('landing.hero.subtitle')}
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/signup" size="lg" color="yellow" c="dark">
                  {t('landing.hero.primary')}
                </Button>
                <Button component={Link} to="/signin" size="lg" variant="white">
                  {t('landing.hero.secondary')}
                </Button>
              </Group>
            </Stack>
          </Container>
        </Box>

        <Container size="lg" py={64}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <AudienceCard id="students" prefix="students" />
            <AudienceCard id="companies" prefix="companies" />
          </SimpleGrid>
        </Container>

        <Box id="how" component="section" bg="white" py={64}>
          <Container size="lg">
            <Title order={2} ta="center" mb={40}>
              {t('landing.how.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
              {steps.map((s, i) => (
                <Stack key={s.title} gap="xs" align="center" ta="center">
                  <ThemeIcon size={48} radius="xl" variant="light">
                    <Text fw={800}>{i + 1}</Text>
                  </ThemeIcon>
                  <Title order={3} fz="h4">
                    {s.title}
                  </Title>
                  <Text c="dimmed">{s.body}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Container size="lg" py={64}>
          <Card radius="lg" padding="xl" bg="brand.8">
            <Group justify="space-between" gap="lg">
              <Title order={2} fz="h3" c="white">
                {t('landing.cta.title')}
              </Title>
              <Button component={Link} to="/signup" size="md" color="yellow" c="dark">
                {t('landing.cta.button')}
              </Button>
            </Group>
          </Card>
        </Container>
      </Box>

      <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Text ta="center" c="dimmed" fz="sm">
          {t('landing.footer', { year: new Date().getFullYear() })}
        </Text>
      </Box>
    </Box>
  );
}

export default LandingPage;
