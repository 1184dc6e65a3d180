/** The changes to a workspace and its certificate (the opened workspace's code: workspace-body, engagement-section). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mashrou/contracts';
import { certificates, fillPath, workspace } from '@mashrou/contracts/routes';
import { call } from '../../../lib/api-client';
import { workspaceKey, type Workspace } from './workspace';

/** Every change answers with the workspace as it now is: it replaces the one shown. */
function useChange<V>(applicationId: string, change: (v: V) => Promise<Workspace>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (data) => {
      qc.setQueryData(workspaceKey(applicationId), data);
    },
    // Refused (the other side moved meanwhile: handed in, reviewed): show the workspace as it now is.
    onError: () => {
      void qc.invalidateQueries({ queryKey: workspaceKey(applicationId) });
    },
  });
}

export const useAddMilestone = (applicationId: string) =>
  useChange(applicationId, (body: BodyOf<typeof workspace.addMilestone>) =>
    call(workspace.addMilestone, { params: { id: applicationId }, body }),
  );

export const useEditMilestone = (applicationId: string) =>
  useChange(applicationId, ({ milestoneId, body }: { milestoneId: string; body: BodyOf<typeof workspace.editMilestone> }) =>
    call(workspace.editMilestone, { params: { id: applicationId, milestoneId }, body }),
  );

export const useRemoveMilestone = (applicationId: string) =>
  useChange(applicationId, (milestoneId: string) =>
    call(workspace.removeMilestone, { params: { id: applicationId, milestoneId } }),
  );

export const useSubmitDeliverable = (applicationId: string) =>
  useChange(applicationId, ({ milestoneId, body }: { milestoneId: string; body: BodyOf<typeof workspace.submitDeliverable> }) =>
    call(workspace.submitDeliverable, { params: { id: applicationId, milestoneId }, body }),
  );

export const useReviewDeliverable = (applicationId: string) =>
  useChange(applicationId, ({ milestoneId, body }: { milestoneId: string; body: BodyOf<typeof workspace.reviewDeliverable> }) =>
    call(workspace.reviewDeliverable, { params: { id: applicationId, milestoneId }, body }),
  );

export const useComplete = (applicationId: string) =>
  useChange(applicationId, () => call(workspace.complete, { params: { id: applicationId } }));

export const useEndEarly = (applicationId: string) =>
  useChange(applicationId, (body: BodyOf<typeof workspace.end>) => call(workspace.end, { params: { id: applicationId }, body }));

export const useWriteReview = (applicationId: string) =>
  useChange(applicationId, (body: BodyOf<typeof workspace.review>) =>
    call(workspace.review, { params: { id: applicationId }, body }),
  );

export const useReportReview = (applicationId: string) =>
  useChange(applicationId, ({ reviewId, body }: { reviewId: string; body: BodyOf<typeof workspace.report> }) =>
    call(workspace.report, { params: { id: applicationId, reviewId }, body }),
  );

/** A change to the certificate answers with the certificate: it replaces the workspace's. */
function useCertificateChange<V>(applicationId: string, change: (v: V) => Promise<Workspace['certificate']>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (certificate) => {
      qc.setQueryData<Workspace>(workspaceKey(applicationId), (ws) => ws && { ...ws, certificate });
    },
  });
}

export const useShowRating = (applicationId: string) =>
  useCertificateChange(applicationId, (showRating: boolean) =>
    call(certificates.settings, { params: { id: applicationId }, body: { showRating } }),
  );

export const useWithdrawCertificate = (applicationId: string) =>
  useCertificateChange(applicationId, (reason: string) =>
    call(certificates.withdraw, { params: { id: applicationId }, body: { reason } }),
  );

/** The certificate's PDF in a language (a download: the api answers it as an attachment). */
export const certificatePdfUrl = (applicationId: string, lang: 'en' | 'ar') =>
  `/api${fillPath(certificates.pdf.path, { id: applicationId })}?lang=${lang}`;
