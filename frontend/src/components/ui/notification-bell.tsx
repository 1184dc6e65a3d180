import { ActionIcon, Indicator } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useInboxStream, useUnread } from '../../lib/inbox';

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The bell in the dashboard's header: the unread count, live; it opens the notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  const live = useInboxStream();
  const unread = useUnread(live).data?.unread ?? 0;
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      color="red"
      disabled={unread === 0}
      offset={4}
      data-testid="bell-count"
    >
      <ActionIcon
        component={Link}
        to="/dashboard/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.title')}
        data-testid="bell"
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
