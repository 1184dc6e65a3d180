import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Burger, Button, Group, Stack, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FullScreenSpinner } from '../../../components/ui/full-screen-spinner';
import { Logo } from '../../../components/ui/logo';
import { NotificationBell } from '../../../components/ui/notification-bell';
import { DASHBOARD_RENDER_DELAY_MS } from '../../../lib/timings';
import { useMe, useSignOut } from '../../../lib/auth';
import { signInReturningTo } from '../../../lib/return-path';
import { pendingSignupStep, roleOf } from '../../../lib/roles';
import { LiveOnceHydrated } from '../../../lib/live-once-hydrated';
import { renderedOnServer } from '../../../lib/server-rendered';
import { NAV } from '../nav';
import { prefetchOnFocus } from '../prefetch-on-focus';
import { unreadQuery } from '../../../lib/inbox';
import { startQuery, type Prefetch } from '../../../lib/start-query';

/** Every dashboard screen's first data besides its own: the bell's count (who is signed in is asked already). */
export const prefetch: Prefetch = (queryClient) => {
  startQuery(queryClient, unreadQuery);
};

/**
 * A link of the menu, the current screen's marked (for a screen reader too). A button-styled link:
 * Mantine's NavLink would bring its nested menus' collapsing (about 2 kB) to every signed-in screen.
 */
function MenuLink({ href, active, children }: { href: string; active: boolean; children: ReactNode }) {
  return (
    <Button
      component="a"
      href={href}
      aria-current={active ? 'page' : undefined}
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'dark'}
      justify="flex-start"
      fullWidth
      fw={active ? 600 : 400}
      radius="md"
    >
      {children}
    </Button>
  );
}

/** The auth guard and the shell of every dashboard screen (spec §2). */
export function DashboardLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const burger = useRef<HTMLButtonElement>(null);
  const { breakpoints } = useMantineTheme();
  // A screen the api rendered with its user has waited already (lib/server-rendered).
  const [ready, setReady] = useState(renderedOnServer);
  const signOut = useSignOut();
  const loggingOut = !signOut.isIdle;

  // A screen behind a link that keyboard focus reaches is fetched ahead, as one the pointer rests on.
  useEffect(prefetchOnFocus, []);

  // The phone's menu covers the screen (which is inert meanwhile): Escape closes it and gives focus
  // back to its button; a window grown to the width where the menu sits beside the screen closes it.
  useEffect(() => {
    if (!opened) return;
    // The width from which the Burger is hidden (`hiddenFrom="sm"`) and the menu sits beside the screen.
    const wide = window.matchMedia(`(min-width: ${breakpoints.sm})`);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      burger.current?.focus();
    };
    const onWide = () => {
      if (wide.matches) close();
    };
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [opened, close, breakpoints.sm]);

  // Spec §9: the dashboard waits 100 ms after the user loads before rendering.
  useEffect(() => {
    if (!me.data || ready) return;
    const timer = setTimeout(() => {
      // The whole screen renders now: in slices (a transition), so the page answers input meanwhile.
      startTransition(() => {
        setReady(true);
      });
    }, DASHBOARD_RENDER_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [me.data, ready]);

  if (me.isLoading) return <FullScreenSpinner />;
  if (me.isError) throw me.error;
  const user = me.data;
  // Signed out (a link from an email, an expired session): sign in, then back to this very page.
  if (!user) return <Navigate to={signInReturningTo(`${location.pathname}${location.search}`)} replace />;
  if (pendingSignupStep(user) === 'emailVerification') return <Navigate to="/signup" replace />;
  if (!ready) return <FullScreenSpinner />;

  const role = roleOf(user);
  const sub = location.pathname.replace(/^\/dashboard\/?/, '').split('/')[0] ?? '';

  function logout() {
    // Spec §2: always to /signin, even if logout fails.
    void signOut
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => {
        window.location.assign('/signin');
      });
  }

  return (
    // A screen the api rendered shows before its code runs: its controls are live once it does.
    <LiveOnceHydrated>
      {/* The frame's own markup and styles (app/global.css): Mantine's AppShell brings resizing, asides,
          footers and a scroll lock's library, about 10 kB every signed-in screen would load unused.
          `right-scroll-bar-position`: while a dialog locks the page's scrolling, the fixed bar and menu
          keep clear of where the scrollbar was (react-remove-scroll-bar, which Mantine's dialogs use,
          offsets the elements of that class), so they do not shift under it. */}
      <header className="mashrou-shell-header right-scroll-bar-position">
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger
              ref={burger}
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('dashboard.toggleMenu')}
              aria-expanded={opened}
              aria-controls="dashboard-menu"
            />
            <Logo />
          </Group>
          <Group gap="md">
            <NotificationBell />
            <Group gap="xs" visibleFrom="xs">
              <Text fz="sm" fw={500}>
                {user.fullName}
              </Text>
              <Badge variant="light">{t(`dashboard.roles.${role}`)}</Badge>
            </Group>
          </Group>
        </Group>
      </header>
      <nav id="dashboard-menu" className="mashrou-shell-nav right-scroll-bar-position" data-opened={opened || undefined}>
        {/* The browser's own scrolling: Mantine's ScrollArea measures its bars as the page starts. */}
        <Stack gap={4} style={{ flexGrow: 1, overflowY: 'auto' }}>
          {NAV[role].map((item) => (
            <MenuLink
              key={item.key}
              href={item.href ?? (item.id ? `/dashboard/${item.id}` : '/dashboard')}
              active={sub === item.id}
            >
              {t(`dashboard.nav.${item.key}`)}
            </MenuLink>
          ))}
        </Stack>
        <Stack gap="xs">
          <MenuLink href="/dashboard/settings" active={sub === 'settings'}>
            {t('dashboard.settings')}
          </MenuLink>
          <Button variant="default" onClick={logout} disabled={loggingOut} fullWidth>
            {loggingOut ? t('dashboard.loggingOut') : t('dashboard.logout')}
          </Button>
        </Stack>
      </nav>
      <main className="mashrou-shell-main" inert={opened}>
        <Outlet />
      </main>
    </LiveOnceHydrated>
  );
}

export default DashboardLayout;
