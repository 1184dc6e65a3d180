/**
 * The checks of the two marketplace forms kept in React state (applying, an applicant's move): zod and
 * the contract's schemas, without react-hook-form. Loaded when such a form is first checked
 * (./form-resolvers.ts): their screens render, hydrate and are checked without a form library.
 */
import { z } from 'zod';
import { ApplyBody, StatusBody } from '@mashrou/contracts';
import type { UploadedFile } from '../../../lib/upload';
import { checkWith } from '../../../lib/schema-check';

/** The motivation, and the CV as uploaded (sent as its id). */
const ApplyFormSchema = ApplyBody.pick({ motivation: true })
  .extend({ cv: z.custom<UploadedFile>().nullable() })
  .transform(({ motivation, cv }) => ({ motivation, ...(cv ? { cvFileId: cv.id } : {}) }));

/** The next status (none picked yet) and an optional note to the student (an empty note is not sent). */
const StatusFormSchema = z
  .object({ status: z.string().nullable(), notes: z.string() })
  .transform(({ status, notes }): { status: string | null; notes?: string } => ({ status, notes: notes.trim() || undefined }))
  .pipe(StatusBody);

export const checks = {
  apply: checkWith(ApplyFormSchema),
  status: checkWith(StatusFormSchema),
};
