import { z } from 'zod';
import { CalendarDate, Id, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import {
  DELIVERABLE_LINKS_MAX,
  DELIVERABLE_TEXT_MAX,
  FEEDBACK_MAX,
  MILESTONE_EXPECTATIONS_MAX,
  MILESTONE_STATUSES,
  MILESTONE_TITLE_MAX,
  MILESTONES_MAX,
} from './values.js';

export { MILESTONE_STATUSES, MILESTONES_MAX };

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
});
export type Workspace = z.output<typeof Workspace>;

const ApplicationParams = z.strictObject({ id: Id });
const MilestoneParams = z.strictObject({ id: Id, milestoneId: Id });

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
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'too-many-milestones'] },
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
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'milestone-submitted'] },
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
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'milestone-submitted'] },
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
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'milestone-accepted'], 429: ['too-many-requests'] },
    params: MilestoneParams,
    body: DeliverableBody,
    response: Workspace,
    summary: `Hand in a milestone (a text and up to ${DELIVERABLE_LINKS_MAX} links); again until it is accepted. The company is told`,
  }),
  reviewDeliverable: endpoint({
    method: 'POST',
    path: '/applications/:id/milestones/:milestoneId/review',
    tag: 'workspace',
    status: 200,
    access: ['startup'],
    errors: { ...NOT_FOUND, 409: ['workspace-not-open', 'nothing-to-review'] },
    params: MilestoneParams,
    body: DeliverableReviewBody,
    response: Workspace,
    summary: 'Accept the latest hand-in, or ask for changes with feedback; the student is told',
  }),
};
