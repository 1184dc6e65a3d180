import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { inboxKey, unreadKey } from '../../../lib/inbox';

export const INBOX_PAGE_SIZE = 20;

/** One page of the person's notifications (only unread ones when asked). */
export const inboxQuery = (page: number, onlyUnread: boolean) =>
  queryOptions({
    queryKey: [...inboxKey, page, onlyUnread],
    queryFn: () =>
      call(notifications.inbox, {
        query: { page, pageSize: INBOX_PAGE_SIZE, ...(onlyUnread ? { unread: 'true' as const } : {}) },
      }),
  });

export const useInbox = (page: number, onlyUnread: boolean) =>
  useQuery({ ...inboxQuery(page, onlyUnread), placeholderData: keepPreviousData });

/** Marking read (one, or all): the bell takes the new count at once, the list is read again. */
function useMarking<A>(fn: (arg: A) => Promise<{ unread: number }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (res) => {
      qc.setQueryData(unreadKey, res);
      await qc.invalidateQueries({ queryKey: inboxKey });
    },
  });
}

export const useMarkRead = () => useMarking((id: string) => call(notifications.markRead, { params: { id } }));
export const useMarkAllRead = () => useMarking(() => call(notifications.markAllRead));
