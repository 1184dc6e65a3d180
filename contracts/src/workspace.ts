import { z } from 'zod';
import { CalendarDate, Id, IdParams, page, PageQuery, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { Certificate } from './certificates.js';
import {
  COMPANY_CRITERIA,
  DELIVERABLE_FILES_MAX,
  DELIVERABLE_LINKS_MAX,
  END_REASON_MAX,
  ENGAGEMENT_OUTCOMES,
  RATING_SHOWN_FROM,
  REPORT_REASON_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_WINDOW_DAYS,
  DELIVERABLE_TEXT_MAX,
  FEEDBACK_MAX,
  MILESTONE_EXPECTATIONS_MAX,
  MILESTONE_STATUSES,
  MILESTONE_TITLE_MAX,
  MILESTONES_MAX,
} from './values.js';

export { COMPANY_CRITERIA, ENGAGEMENT_OUTCOMES, MILESTONE_STATUSES, MILESTONES_MAX, RATING_SHOWN_FROM, REVIEW_WINDOW_DAYS };

export const MilestoneStatus = z.enum(MILESTONE_STATUSES);
export type MilestoneStatus = z.output<typeof MilestoneStatus>;

export const MilestoneBody = z.strictObject({
  title: z.string().trim().min(1, 'required').max(MILESTONE_TITLE_MAX, 'too-long'),
  expectations: z.string().trim().max(MILESTONE_EXPECTATIONS_MAX, 'too-long').default(''),
  /** The last day to hand it in (today or later when set or changed). */
  dueOn: CalendarDate,
});
export type MilestoneBody = z.input<typeof MilestoneBody>;

const DeliverableLink = z
  .string()
  .trim()
  .max(500, 'too-long')
  // Stored as the URL's normal form: hidden direction marks escaped, look-alike domains as xn--.
  .pipe(z.url({ protocol: /^https?$/, normalize: true, message: 'invalid-url' }));

export const DeliverableBody = z.strictObject({
  text: z.string().trim().min(1, 'required').max(DELIVERABLE_TEXT_MAX, 'too-long'),
  links: z.array(DeliverableLink).max(DELIVERABLE_LINKS_MAX, 'too-many').default([]),
  /** Files the student uploaded under `deliverables/` (their own); the company may then read them. */
  fileIds: z.array(Id).max(DELIVERABLE_FILES_MAX, 'too-many').default([]),
});
export type DeliverableBody = z.input<typeof DeliverableBody>;

export const DeliverableReviewBody = z
  .strictObject({
    outcome: z.enum(['accepted', 'changes-requested']),
    feedback: z.string().trim().max(FEEDBACK_MAX, 'too-long').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'changes-requested' && !v.feedback)
      ctx.addIssue({ code: 'custom', path: ['feedback'], message: 'required' });
  });
export type DeliverableReviewBody = z.input<typeof DeliverableReviewBody>;

/** One hand-in of a milestone, and the company's answer to it once given. */
export const Deliverable = z.strictObject({
  id: Id,
  text: z.string(),
  links: z.array(z.string()),
  /** The files handed in (gone if the student deleted them since): a download for the student, the company and admins. */
  files: z.array(z.strictObject({ id: Id, name: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() })),
  submittedAt: Timestamp,
  outcome: z.enum(['accepted', 'changes-requested']).nullable(),
  feedback: z.string().nullable(),
  reviewedAt: Timestamp.nullable(),
});
export type Deliverable = z.output<typeof Deliverable>;

export const Milestone = z.strictObject({
  id: Id,
  title: z.string(),
  expectations: z.string(),
  dueOn: CalendarDate,
  status: MilestoneStatus,
  /** Past its day and not accepted. */
  overdue: z.boolean(),
  /** Every hand-in, oldest first. */
  deliverables: z.array(Deliverable),
});
export type Milestone = z.output<typeof Milestone>;

export const WorkspaceProgress = z.strictObject({
  total: z.number().int(),
  accepted: z.number().int(),
  waitingForReview: z.number().int(),
  overdue: z.number().int(),
});

export const EndBody = z.strictObject({
  /** Why the company ends it before every milestone is accepted: the student reads it. */
  reason: z.string().trim().min(1, 'required').max(END_REASON_MAX, 'too-long'),
});
export type EndBody = z.input<typeof EndBody>;

const Stars = z.number().int('invalid').min(1, 'too-small').max(5, 'too-big');
const ReviewText = z.string().trim().max(REVIEW_TEXT_MAX, 'too-long').default('');

/** A company's review of its student: overall, and each skill the project listed (1–5), with a short text. */
export const StudentReviewBody = z.strictObject({
  overall: Stars,
  skills: z.record(z.string().max(100), Stars).default({}),
  text: ReviewText,
});
/** A student's review of the company: a clear brief, communication, respect of time (1–5), with a short text. */
export const CompanyReviewBody = z.strictObject({
  clearBrief: Stars,
  communication: Stars,
  respectOfTime: Stars,
  text: ReviewText,
});
/** One side's review of the other (which one the caller's side decides). */
export const PeerReviewBody = z.union([StudentReviewBody, CompanyReviewBody]);
export type StudentReviewBody = z.input<typeof StudentReviewBody>;
export type CompanyReviewBody = z.input<typeof CompanyReviewBody>;

export const ReportBody = z.strictObject({
  reason: z.string().trim().min(1, 'required').max(REPORT_REASON_MAX, 'too-long'),
});
export type ReportBody = z.input<typeof ReportBody>;

/** One side's review of the other, as the reader may see it. */
export const PeerReview = z.strictObject({
  id: Id,
  /** Who wrote it: the company about its student, or the student about the company. */
  author: z.enum(['company', 'student']),
  /** 1–5: the company's overall mark, or the mean of the student's three. */
  overall: z.number(),
  /** Each mark: the project's skills (by the company), or clearBrief / communication / respectOfTime (by the student). */
  scores: z.record(z.string(), z.number().int()),
  text: z.string(),
  createdAt: Timestamp,
  /** Reported to admins by the side it is about (admins and that side see this). */
  reported: z.boolean(),
  /** Hidden by an admin: shown to nobody but admins. */
  hidden: z.boolean(),
});
export type PeerReview = z.output<typeof PeerReview>;

/** How an engagement ended, once it did. */
export const Ending = z.strictObject({
  outcome: z.enum(ENGAGEMENT_OUTCOMES),
  /** Ended early: the company's reason. */
  reason: z.string().nullable(),
  endedAt: Timestamp,
});

/** The reviews after the end: the caller's own at once, the other side's once both are in or the window closed. */
export const PeerReviews = z.strictObject({
  /** Until when a review can be written (REVIEW_WINDOW_DAYS after the end); everything in is shown then. */
  closesAt: Timestamp,
  /** The window is still open (closesAt is ahead). */
  open: z.boolean(),
  /** The caller may still write theirs. */
  canWrite: z.boolean(),
  /** The caller's own review, if written. */
  mine: PeerReview.nullable(),
  /** The other side's, once it shows (admins: every review, hidden ones too). */
  shown: z.array(PeerReview),
  /** The skills the company rates the student on (the project's). */
  skills: z.array(z.string()),
});

/** The shared workspace of an accepted application: its milestones, their hand-ins, and where it stands. */
export const Workspace = z.strictObject({
  applicationId: Id,
  projectTitle: z.string(),
  companyName: z.string(),
  studentName: z.string(),
  /** The caller's side (an admin reads it and changes nothing). */
  role: z.enum(['student', 'company', 'admin']),
  milestones: z.array(Milestone),
  progress: WorkspaceProgress,
  /** Every milestone is accepted: the company may mark it complete. */
  canComplete: z.boolean(),
  ending: Ending.nullable(),
  /** Once it ended. */
  reviews: PeerReviews.nullable(),
  /** Once it was completed: the student's certificate (its student and admins see it). */
  certificate: Certificate.nullable(),
});
export type Workspace = z.output<typeof Workspace>;

/** A review as admins see it: with whom it is by and about, and the report that brought it to them. */
export const AdminPeerReview = PeerReview.extend({
  applicationId: Id,
  projectTitle: z.string(),
  authorName: z.string(),
  subjectName: z.string(),
  reportReason: z.string().nullable(),
  reportedAt: Timestamp.nullable(),
});
export type AdminPeerReview = z.output<typeof AdminPeerReview>;

export const ModerateReviewBody = z.strictObject({
  /** hide: nobody but admins sees it, and it counts in no rating; keep: the report is dismissed; show: a hidden one shows again. */
  action: z.enum(['hide', 'keep', 'show']),
});

const ApplicationParams = z.strictObject({ id: Id });
const MilestoneParams = z.strictObject({ id: Id, milestoneId: Id });
const ReviewParams = z.strictObject({ id: Id, reviewId: Id });

const NOT_FOUND = { 404: ['application-not-found' as const] };

export const workspace = {
  workspace: endpoint({
    method: 'GET',
    path: '/applications/:id/workspace',
    tag: 'workspace',
    status: 200,
    access: ['student', 'startup', 'admin'],
    errors: { ...NOT_FOUND, 409: ['workspace-not-open'] },
    params: ApplicationParams,
    response: Workspace,
    summary: "An accepted application's workspace: milestones, hand-ins and progress (its student, its company, admins)",
  }),
  addMilestone: endpoint({
    method: 'POST',
    path: '/applications/:id/milestones',
    tag: 'workspace',
    status: 201,
    access: ['startup'],
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'too-many-milestones', 'engagement-ended'] },
    params: ApplicationParams,
    body: MilestoneBody,
    response: Workspace,
    summary: `Set a milestone (title, what is expected, due date; at most ${MILESTONES_MAX}); the student is told`,
  }),
  editMilestone: endpoint({
    method: 'PUT',
    path: '/applications/:id/milestones/:milestoneId',
    tag: 'workspace',
    status: 200,
    access: ['startup'],
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'milestone-submitted', 'engagement-ended'] },
    params: MilestoneParams,
    body: MilestoneBody,
    response: Workspace,
    summary: 'Change a milestone, until something is handed in for it',
  }),
  removeMilestone: endpoint({
    method: 'DELETE',
    path: '/applications/:id/milestones/:milestoneId',
    tag: 'workspace',
    status: 200,
    access: ['startup'],
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'milestone-submitted', 'engagement-ended'] },
    params: MilestoneParams,
    response: Workspace,
    summary: 'Remove a milestone, until something is handed in for it',
  }),
  submitDeliverable: endpoint({
    method: 'POST',
    path: '/applications/:id/milestones/:milestoneId/deliverables',
    tag: 'workspace',
    status: 201,
    access: ['student'],
    errors: {
      404: ['application-not-found', 'object-not-found'],
      403: ['unauthorized'],
      409: ['workspace-not-open', 'milestone-accepted', 'engagement-ended'],
      429: ['too-many-requests'],
    },
    params: MilestoneParams,
    body: DeliverableBody,
    response: Workspace,
    summary: `Hand in a milestone (a text, up to ${DELIVERABLE_LINKS_MAX} links and ${DELIVERABLE_FILES_MAX} of your files uploaded under deliverables/); again until it is accepted. The company is told`,
  }),
  reviewDeliverable: endpoint({
    method: 'POST',
    path: '/applications/:id/milestones/:milestoneId/review',
    tag: 'workspace',
    status: 200,
    access: ['startup'],
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'nothing-to-review', 'engagement-ended'] },
    params: MilestoneParams,
    body: DeliverableReviewBody,
    response: Workspace,
    summary: 'Accept the latest hand-in, or ask for changes with feedback; the student is told',
  }),
  complete: endpoint({
    method: 'POST',
    path: '/applications/:id/complete',
    tag: 'workspace',
    status: 200,
    access: ['startup'],
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'engagement-ended', 'milestones-not-accepted'] },
    params: ApplicationParams,
    response: Workspace,
    summary: `Mark the engagement complete once every milestone is accepted; the student is told, and both may review each other for ${REVIEW_WINDOW_DAYS} days`,
  }),
  end: endpoint({
    method: 'POST',
    path: '/applications/:id/end',
    tag: 'workspace',
    status: 200,
    access: ['startup'],
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'engagement-ended'] },
    params: ApplicationParams,
    body: EndBody,
    response: Workspace,
    summary: 'End the engagement early with a reason the student reads; the student is told',
  }),
  review: endpoint({
    method: 'POST',
    path: '/applications/:id/reviews',
    tag: 'workspace',
    status: 201,
    access: ['student', 'startup'],
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'engagement-not-ended', 'review-window-closed', 'already-reviewed'] },
    params: ApplicationParams,
    body: PeerReviewBody,
    response: Workspace,
    summary: `Review the other side once the engagement ended (a company its student, a student the company); hidden from them until both are in or ${REVIEW_WINDOW_DAYS} days passed`,
  }),
  report: endpoint({
    method: 'POST',
    path: '/applications/:id/reviews/:reviewId/report',
    tag: 'workspace',
    status: 200,
    access: ['student', 'startup'],
    errors: {
      404: ['application-not-found', 'review-not-found'],
      409: ['workspace-not-open', 'engagement-not-ended', 'already-reported'],
    },
    params: ReviewParams,
    body: ReportBody,
    response: Workspace,
    summary: 'Report a review written about you to admins, with a reason',
  }),
  reportedReviews: endpoint({
    method: 'GET',
    path: '/admin/reviews',
    tag: 'workspace',
    status: 200,
    access: ['admin'],
    query: PageQuery,
    response: page(AdminPeerReview),
    summary: 'Reviews reported and not yet looked at, oldest report first, and those hidden',
  }),
  moderateReview: endpoint({
    method: 'POST',
    path: '/admin/reviews/:id',
    tag: 'workspace',
    status: 200,
    access: ['admin'],
    errors: { 404: ['review-not-found'] },
    params: IdParams,
    body: ModerateReviewBody,
    response: AdminPeerReview,
    summary: 'Hide a review, keep it (dismissing its report), or show a hidden one again; in the audit log',
  }),
};
