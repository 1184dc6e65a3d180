import { queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export const getSignupNotifications = (page: number) => call(admin.notifications, { query: { page, pageSize: 10 } });

/** Signup notifications, newest first, 10 a page; refreshed every 30 s. */
export const signupNotificationsQuery = (page: number) =>
  queryOptions({ queryKey: ['admin', 'notifications', page], queryFn: () => getSignupNotifications(page) });

export const useSignupNotifications = (page: number) => useQuery({ ...signupNotificationsQuery(page), refetchInterval: 30_000 });
