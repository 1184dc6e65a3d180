/**
 * The rules of the marketplace's forms (zod and the contract's schemas), as react-hook-form resolvers
 * (the two forms kept in React state have theirs in ./form-checks.ts, without react-hook-form).
 * Loaded when a form is first checked (./form-resolvers.ts): the screens that show these forms render
 * and hydrate without building any schema.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  CompanyReviewBody,
  DeliverableBody,
  DeliverableReviewBody,
  EndBody,
  MessageBody,
  MilestoneBody,
  ReportBody,
  StudentReviewBody,
  WithdrawCertificateBody,
} from '@mashrou/contracts';

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
