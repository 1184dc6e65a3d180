import { useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mashrou/contracts/routes';
import { call } from './api-client';

/** The bell's count, and every page of the list (`['inbox', …]`). */
export const unreadKey = ['inbox', 'unread'] as const;
export const inboxKey = ['inbox', 'list'] as const;

/** Without a live stream (not supported, or it keeps failing), the count is read this often. */
export const INBOX_POLL_MS = 60_000;

/**
 * Keeps the unread count live: Server-Sent Events from the api (which hears every change through
 * Redis, whichever api process made it); while the stream is down, the count is polled instead.
 * Each pushed count also refreshes the list if it is on screen.
 */
export function useInboxStream() {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api${notifications.stream.path}`);
    source.addEventListener('open', () => {
      setLive(true);
    });
    source.addEventListener('error', () => {
      // The browser retries by itself; meanwhile the count is polled.
      setLive(false);
    });
    // Too many tabs hold a stream: this one polls instead.
    source.addEventListener('evicted', () => {
      source.close();
      setLive(false);
    });
    source.addEventListener('unread', (e: MessageEvent<string>) => {
      try {
        const { unread } = JSON.parse(e.data) as { unread: number };
        const before = qc.getQueryData<{ unread: number }>(unreadKey)?.unread;
        qc.setQueryData(unreadKey, { unread });
        if (before !== undefined && before !== unread) void qc.invalidateQueries({ queryKey: inboxKey });
      } catch {
        // A malformed event: the next one, or the poll, corrects the count.
      }
    });
    return () => {
      source.close();
    };
  }, [qc]);
  return live;
}

/** The bell's count (every dashboard screen's first data: its layout's route loader starts it). */
export const unreadQuery = queryOptions({ queryKey: unreadKey, queryFn: () => call(notifications.unread) });

/** The number of unread notifications (polled only while the live stream is down). */
export function useUnread(live: boolean) {
  return useQuery({
    ...unreadQuery,
    refetchInterval: live ? false : INBOX_POLL_MS,
    staleTime: live ? Infinity : 30_000,
  });
}
