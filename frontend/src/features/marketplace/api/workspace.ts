import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@mashrou/contracts';
import { workspace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';

export type Workspace = ResponseOf<typeof workspace.workspace>;

export const workspaceKey = (applicationId: string) => ['workspace', applicationId] as const;

/** An accepted application's workspace, while it is open (read again now and then: the other side works too). */
export function useWorkspace(applicationId: string, open: boolean) {
  return useQuery({
    queryKey: workspaceKey(applicationId),
    queryFn: ({ signal }) => call(workspace.workspace, { params: { id: applicationId }, signal }),
    enabled: open,
    refetchInterval: open ? 60_000 : false,
  });
}
