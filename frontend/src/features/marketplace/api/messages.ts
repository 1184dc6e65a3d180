import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@mashrou/contracts';
import { marketplace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { inboxKey, unreadKey as inboxUnreadKey } from '../../../lib/inbox';

const unreadKey = ['messages', 'unread'] as const;
const threadKey = (applicationId: string) => ['messages', 'thread', applicationId] as const;

/** A thread is read again this often while it is open (the bell hears of new messages live). */
const THREAD_REFRESH_MS = 20_000;

/** Unread messages per application, for the badges on the cards (started with the screens that show them). */
export const unreadMessagesQuery = queryOptions({ queryKey: unreadKey, queryFn: () => call(marketplace.unreadMessages) });

export const useUnreadMessages = () => useQuery({ ...unreadMessagesQuery, refetchInterval: 60_000 });

/**
 * The conversation on an application, while it is open; reading it marks it read, with its "new
 * message" notifications (the badges, the bell and the notifications are read again).
 */
export function useThread(applicationId: string, open: boolean) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: threadKey(applicationId),
    queryFn: async () => {
      // Whether this read marks anything read (unknown counts as yes): only then are the counts read again.
      const unread = qc.getQueryData<ResponseOf<typeof marketplace.unreadMessages>>(unreadKey);
      const hadNews = !unread || (unread.byApplication[applicationId] ?? 0) > 0;
      const thread = await call(marketplace.thread, { params: { id: applicationId } });
      if (hadNews) for (const queryKey of [unreadKey, inboxUnreadKey, inboxKey]) void qc.invalidateQueries({ queryKey });
      return thread;
    },
    enabled: open,
    refetchInterval: open ? THREAD_REFRESH_MS : false,
  });
}

export function useSendMessage(applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(marketplace.sendMessage, { params: { id: applicationId }, body: { body } }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: threadKey(applicationId) });
    },
  });
}
