/**
 * The rules of the marketplace's forms (zod and the contract's schemas), as react-hook-form resolvers
 * and, for the two forms kept in React state, as checks.
 * Loaded when a form is first checked (./form-resolvers.ts): the screens that show these forms render
 * and hydrate without building any schema.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  ApplyBody,
  CompanyReviewBody,
  DeliverableBody,
  DeliverableReviewBody,
  EndBody,
  MessageBody,
  MilestoneBody,
  ReportBody,
  StatusBody,
  StudentReviewBody,
  WithdrawCertificateBody,
} from '@mashrou/contracts';
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

/** A hand-in: the text, and the links typed one per line (empty lines left out). */
const DeliverableFormSchema = z.object({
  text: DeliverableBody.shape.text,
  links: z
    .string()
    .transform((links) =>
      links
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(DeliverableBody.shape.links.unwrap()),
});

/** A mark not given yet is 0 (no star picked): required. */
const stars = z.number().int().min(1, 'required').max(5);

/** A company's review of its student: overall and each skill of the project (by the skills' order), all marked. */
const StudentReviewFormSchema = z.object({
  overall: stars,
  skillMarks: z.array(stars),
  text: StudentReviewBody.shape.text,
});

/** A student's review of the company: its three marks. */
const CompanyReviewFormSchema = z.object({
  clearBrief: stars,
  communication: stars,
  respectOfTime: stars,
  text: CompanyReviewBody.shape.text,
});

/** The forms kept in React state (the application, an applicant's move): their screens load no form library. */
export const checks = {
  apply: checkWith(ApplyFormSchema),
  status: checkWith(StatusFormSchema),
};

export const resolvers = {
  message: zodResolver(MessageBody),
  // Today or later is the api's to say (a date left as it was may be past): its answer lands on the field.
  milestone: zodResolver(MilestoneBody),
  deliverable: zodResolver(DeliverableFormSchema),
  review: zodResolver(DeliverableReviewBody),
  end: zodResolver(EndBody),
  report: zodResolver(ReportBody),
  withdraw: zodResolver(WithdrawCertificateBody),
  studentReview: zodResolver(StudentReviewFormSchema),
  companyReview: zodResolver(CompanyReviewFormSchema),
};
