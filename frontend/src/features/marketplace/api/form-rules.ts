/**
 * The rules of the marketplace's forms (zod and the contract's schemas), as react-hook-form resolvers.
 * Loaded when a form is first checked (./form-resolvers.ts): the screens that show these forms render
 * and hydrate without building any schema.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ApplyBody, MessageBody, StatusBody } from '@mashrou/contracts';
import type { UploadedFile } from '../../../lib/upload';

/** The motivation, and the CV as uploaded (sent as its id). */
const ApplyFormSchema = ApplyBody.pick({ motivation: true })
  .extend({ cv: z.custom<UploadedFile>().nullable() })
  .transform(({ motivation, cv }) => ({ motivation, ...(cv ? { cvFileId: cv.id } : {}) }));

/** The next status (none picked yet) and an optional note to the student (an empty note is not sent). */
const StatusFormSchema = z
  .object({ status: z.string().nullable(), notes: z.string() })
  .transform(({ status, notes }): { status: string | null; notes?: string } => ({ status, notes: notes.trim() || undefined }))
  .pipe(StatusBody);

export const resolvers = {
  apply: zodResolver(ApplyFormSchema),
  status: zodResolver(StatusFormSchema),
  message: zodResolver(MessageBody),
};
