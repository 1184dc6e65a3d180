/**
 * The review form's rules (zod and the contract's schema), loaded when the form is first checked
 * (./review-project.ts): the admin dashboard hydrates without building any schema.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ReviewBody } from '@mashrou/contracts';

/**
 * Approve or reject the version shown; a reason is required to reject (an empty one is not sent).
 */
const ReviewFormSchema = z
  .object({ decision: ReviewBody.shape.decision, reason: z.string(), version: ReviewBody.shape.version })
  .transform(({ decision, reason, version }) => ({ decision, version, ...(reason.trim() ? { reason: reason.trim() } : {}) }))
  .pipe(ReviewBody);

export const reviewResolver = zodResolver(ReviewFormSchema);
