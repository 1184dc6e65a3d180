import { z } from 'zod';
import { APPLICANT_SORTS, MESSAGE_MAX, MOTIVATION_MAX, NOTES_MAX, REJECTION_REASON_MAX } from './values.js';
import {
  ApplicationStatus,
  CalendarDate,
  COMPANY_STATUSES,
  IdParams,
  page,
  pageFields,
  PageQuery,
  ProjectStatus,
  queryNumber,
  Timestamp,
  WorkMode,
} from './common.js';
import { endpoint } from './endpoint.js';
import { CompanyProfile } from './onboarding.js';

export { APPLICANT_SORTS, MARK_END, MARK_START, MESSAGE_MAX, MOTIVATION_MAX, NOTES_MAX } from './values.js';

const line = z.string().trim().min(1, 'required').max(300, 'too-long');
const list = z.array(line).max(30, 'too-many');
const skillList = z
  .array(z.string().trim().min(1, 'required').max(40, 'too-long'))
  .max(20, 'too-many')
  .transform((s) => [...new Set(s)]);

const projectFields = {
  title: z.string().trim().min(3, 'too-short').max(120, 'too-long'),
  description: z.string().trim().min(20, 'too-short').max(5000, 'too-long'),
  requirements: list,
  skills: skillList,
  responsibilities: list,
  qualifications: list,
  durationWeeks: z.number('required').int('whole-number').min(1, 'too-small').max(104, 'too-large'),
  weeklyHours: z.number('required').int('whole-number').min(1, 'too-small').max(60, 'too-large'),
  workMode: WorkMode,
  location: z.string().trim().max(120, 'too-long').optional(),
  startDate: CalendarDate.optional(),
  deadline: CalendarDate.optional(),
  paid: z.boolean(),
  stipend: z.number().int('whole-number').min(0, 'too-small').max(1_000_000, 'too-large').optional(),
};

type ProjectRules = {
  workMode?: string;
  location?: string;
  paid?: boolean;
  stipend?: number;
  startDate?: string;
  deadline?: string;
};
const projectRules = (v: ProjectRules, ctx: z.RefinementCtx) => {
  if (v.workMode && v.workMode !== 'remote' && !v.location)
    ctx.addIssue({ code: 'custom', path: ['location'], message: 'required-for-onsite-or-hybrid' });
  if (v.paid === false && v.stipend)
    ctx.addIssue({ code: 'custom', path: ['stipend'], message: 'unpaid-projects-have-no-stipend' });
  if (v.startDate && v.deadline && v.deadline > v.startDate)
    ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'deadline-after-start' });
};

/** The fields of a project form, without its cross-field rules (forms extend this). */
export const ProjectFields = z.strictObject({
  ...projectFields,
  requirements: list.default([]),
  skills: skillList.default([]),
  responsibilities: list.default([]),
  qualifications: list.default([]),
});
/** Lists default to empty on create (spec §3). */
export const CreateProjectBody = ProjectFields.superRefine(projectRules);
/** An update changes only the fields it names. */
export const UpdateProjectBody = z.strictObject(projectFields).partial().superRefine(projectRules);

/** The version of the project the admin read: a newer one is refused (`409 project-changed`). */
const ReadVersion = z.number().int().min(1);

export const ReviewBody = z
  .strictObject({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(REJECTION_REASON_MAX, 'too-long').optional(),
    version: ReadVersion,
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required-to-reject' });
  });

/** An admin's reason for closing, reopening or correcting a project: the company is told it. */
const moderationReason = z.string().trim().min(3, 'too-short').max(1000, 'too-long');
export const CloseProjectBody = z.strictObject({ reason: moderationReason });
/** Reopening a project whose deadline has passed needs a new one (today or later). */
export const ReopenProjectBody = z.strictObject({ reason: moderationReason, deadline: CalendarDate.optional() });
/** An admin corrects a listing's wording (typos): only these fields, and the reason the company is told. */
export const AdminEditProjectBody = z
  .strictObject({
    title: projectFields.title,
    description: projectFields.description,
    requirements: list,
    responsibilities: list,
    qualifications: list,
    location: projectFields.location,
  })
  .partial()
  .extend({ reason: moderationReason, version: ReadVersion })
  .refine((v) => Object.keys(v).some((k) => k !== 'reason' && k !== 'version'), { message: 'nothing-to-change' });

export const ApplyBody = z.strictObject({
  motivation: z.string().trim().min(20, 'too-short').max(MOTIVATION_MAX, 'too-long'),
  /** One of the student's own uploaded files (a PDF CV), shared with the company on apply. */
  cvFileId: z.uuid().optional(),
});

export const StatusBody = z.strictObject({
  status: z.enum(COMPANY_STATUSES),
  notes: z.string().trim().max(NOTES_MAX, 'too-long').optional(),
});

/** How Browse orders: `relevance` (the default with a search: how many words match, where, then newest), or not by the text. */
export const BROWSE_SORTS = ['relevance', 'newest', 'deadline', 'match'] as const;
export const BrowseQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  skill: z.string().trim().max(40).optional(),
  mode: WorkMode.optional(),
  paid: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  maxWeeks: queryNumber().int().min(1).max(104).optional(),
  /** Left out: relevance when there is a search, else newest. */
  sort: z.enum(BROWSE_SORTS).optional(),
  ...pageFields,
});
/** Admin moderation: every project (or one status; pending is oldest first, the rest newest first), by title or company, of one company. */
export const AdminProjectsQuery = z.strictObject({
  ...pageFields,
  status: ProjectStatus.optional(),
  q: z.string().trim().max(200, 'too-long').optional(),
  companyId: z.uuid().optional(),
});
/** A student's applications: a page, optionally of one status only. */
export const MyApplicationsQuery = z.strictObject({ ...pageFields, status: ApplicationStatus.optional() });
/** A company's own projects: a page, newest first, optionally of one status only. */
export const MyProjectsQuery = z.strictObject({ ...pageFields, status: ProjectStatus.optional() });
export type ApplicantSort = (typeof APPLICANT_SORTS)[number];
/** A project's applicants: a page, optionally of one application status, in the chosen order. */
export const ApplicantsQuery = z.strictObject({
  ...pageFields,
  status: ApplicationStatus.optional(),
  sort: z.enum(APPLICANT_SORTS).default('newest'),
});

export const Project = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  companyName: z.string(),
  description: z.string(),
  requirements: z.array(z.string()),
  skills: z.array(z.string()),
  responsibilities: z.array(z.string()),
  qualifications: z.array(z.string()),
  durationWeeks: z.number().int(),
  weeklyHours: z.number().int(),
  workMode: WorkMode,
  location: z.string().optional(),
  startDate: z.string().optional(),
  deadline: z.string().optional(),
  paid: z.boolean(),
  stipend: z.number().int().optional(),
  status: ProjectStatus,
  rejectionReason: z.string().optional(),
  /** Raised by each change of the text: a review or a correction names the version it read. */
  version: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Project = z.output<typeof Project>;

export const Application = z.strictObject({
  id: z.uuid(),
  /** A CV was sent with it. */
  hasCv: z.boolean(),
  projectId: z.uuid(),
  projectTitle: z.string(),
  motivation: z.string(),
  status: ApplicationStatus,
  notes: z.string().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Application = z.output<typeof Application>;

/** A company's own project, with its applicant counts. */
export const CompanyProject = Project.extend({ applicants: z.number().int(), newApplicants: z.number().int() });
export type CompanyProject = z.output<typeof CompanyProject>;
/** A project in a student's search results. */
export const BrowseProject = Project.extend({
  applied: z.boolean(),
  match: z.number().int(),
  /** With a search: the title and an excerpt of the description, the matched words between MARK_START and MARK_END. */
  highlight: z.strictObject({ title: z.string(), excerpt: z.string() }).optional(),
});
export type BrowseProject = z.output<typeof BrowseProject>;
/** An open project as a student sees it, with their application if any. */
export const StudentProject = Project.extend({
  application: Application.optional(),
  company: CompanyProfile,
  /** The company's median time to a first answer (hours, last 90 days), once it answered at least 3 applications. */
  companyAnswersInHours: z.number().optional(),
  /** Its students' reviews of the company (means, 1–5), once it has RATING_SHOWN_FROM shown. */
  companyRating: z
    .strictObject({
      average: z.number(),
      count: z.number().int(),
      clearBrief: z.number(),
      communication: z.number(),
      respectOfTime: z.number(),
    })
    .optional(),
});
/** The company's usual answer time for each of the student's undecided applications (where it is known). */
export const AnswerTimes = z.strictObject({
  items: z.array(z.strictObject({ applicationId: z.uuid(), medianHours: z.number() })),
});
export type StudentProject = z.output<typeof StudentProject>;

export const Applicant = z.strictObject({
  id: z.uuid(),
  status: ApplicationStatus,
  /** The moves the company may make next (the server's rules). */
  nextStatuses: z.array(z.enum(COMPANY_STATUSES)),
  notes: z.string().optional(),
  motivation: z.string(),
  /** Set when the student attached a CV (and has not withdrawn); readable by this company. */
  cvUrl: z.string().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  student: z.strictObject({
    id: z.uuid().optional(),
    fullName: z.string(),
    /** The student's email: shown to the company once it accepts the student. */
    email: z.string().optional(),
    school: z.string().optional(),
    graduationYear: z.number().int().optional(),
    linkedin: z.string().optional(),
    bio: z.string().optional(),
    /** The student's WhatsApp number: shown to the company once it accepts the student. */
    whatsapp: z.string().optional(),
    skills: z.array(z.string()),
    assessment: z.strictObject({ overall: z.number().int(), scores: z.record(z.string(), z.number()) }).optional(),
  }),
});
export type Applicant = z.output<typeof Applicant>;

/** A project as admins moderate it: who posted it, its applicants, and who closed it. */
export const AdminProject = Project.extend({
  companyId: z.uuid().optional(),
  applicants: z.number().int(),
  closedBy: z.enum(['company', 'admin', 'deadline', 'erasure', 'deactivation']).optional(),
  closedAt: Timestamp.optional(),
});
export type AdminProject = z.output<typeof AdminProject>;

/** An application as an admin looking into a complaint sees it (read only). */
export const AdminApplication = z.strictObject({
  id: z.uuid(),
  status: ApplicationStatus,
  /** Absent once the student's account was deleted. */
  studentId: z.uuid().optional(),
  studentName: z.string().optional(),
  motivation: z.string(),
  notes: z.string().optional(),
  hasCv: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AdminApplication = z.output<typeof AdminApplication>;

/** Browse counts matches up to a cap ("1000+"). */
export const BrowsePage = page(BrowseProject).extend({
  totalIsCapped: z.boolean(),
  /** The search that answered instead of `q`, its misspelled words corrected, when `q` found almost nothing ("Showing results for …"). */
  correctedQuery: z.string().optional(),
});

export const CompanyOverview = z.strictObject({
  pending: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
  rejected: z.number().int(),
  newApplicants: z.number().int(),
});

/** The latest messages a thread shows. */
export const THREAD_LIMIT = 100;

export const MessageBody = z.strictObject({ body: z.string().trim().min(1, 'required').max(MESSAGE_MAX, 'too-long') });

export const Message = z.strictObject({
  id: z.uuid(),
  /** Written by the caller. */
  mine: z.boolean(),
  /** The company's name or the student's, as the other side reads it. */
  senderName: z.string(),
  body: z.string(),
  createdAt: Timestamp,
});
export type Message = z.output<typeof Message>;

/** The conversation on one application, oldest first (the latest THREAD_LIMIT). */
export const Thread = z.strictObject({
  messages: z.array(Message),
  /** Whether the caller may write now: the company always (until withdrawn); the student from shortlisted on, or once the company wrote. */
  canWrite: z.boolean(),
});

/** Unread messages per application (only applications that have some). */
export const UnreadMessages = z.strictObject({ total: z.number().int(), byApplication: z.record(z.string(), z.number().int()) });

export const marketplace = {
  createProject: endpoint({
    method: 'POST',
    path: '/projects',
    tag: 'projects (companies)',
    status: 201,
    access: ['startup'],
    errors: { 409: ['too-many-pending-projects'], 429: ['too-many-projects'] },
    body: CreateProjectBody,
    response: Project,
    summary: 'Create a project; it waits for admin review (status pending)',
  }),
  myProjects: endpoint({
    method: 'GET',
    path: '/projects/mine',
    tag: 'projects (companies)',
    status: 200,
    access: ['startup'],
    query: MyProjectsQuery,
    response: page(CompanyProject),
    summary: 'Your projects with status and applicant counts, newest first; `status` shows one status only',
  }),
  companyOverview: endpoint({
    method: 'GET',
    path: '/projects/overview',
    tag: 'projects (companies)',
    status: 200,
    access: ['startup'],
    response: CompanyOverview,
    summary: 'Counts for the company home',
  }),
  ownProject: endpoint({
    method: 'GET',
    path: '/projects/:id',
    tag: 'projects (companies)',
    status: 200,
    access: ['startup'],
    errors: { 404: ['project-not-found'] },
    params: IdParams,
    response: Project,
    summary: 'One of your projects',
  }),
  updateProject: endpoint({
    method: 'PATCH',
    path: '/projects/:id',
    tag: 'projects (companies)',
    status: 200,
    access: ['startup'],
    errors: { 404: ['project-not-found'], 409: ['project-not-editable'] },
    params: IdParams,
    body: UpdateProjectBody,
    response: Project,
    summary: 'Edit a pending or rejected project (a rejected one is resubmitted)',
  }),
  closeProject: endpoint({
    method: 'POST',
    path: '/projects/:id/close',
    tag: 'projects (companies)',
    status: 200,
    access: ['startup'],
    errors: { 404: ['project-not-found'], 409: ['project-not-open'] },
    params: IdParams,
    response: Project,
    summary: 'Close an open project',
  }),
  applicants: endpoint({
    method: 'GET',
    path: '/projects/:id/applications',
    tag: 'projects (companies)',
    status: 200,
    access: ['startup'],
    errors: { 404: ['project-not-found'] },
    params: IdParams,
    query: ApplicantsQuery,
    response: page(Applicant),
    summary:
      'Applicants of one of your projects, with profile and assessment: `status` shows one status only; `sort` is newest (default), oldest or score (assessment, highest first; none last)',
  }),
  setApplicationStatus: endpoint({
    method: 'PATCH',
    path: '/applications/:id/status',
    tag: 'applications',
    status: 200,
    access: ['startup'],
    errors: { 404: ['application-not-found'], 409: ['invalid-status-change'] },
    params: IdParams,
    body: StatusBody,
    response: Application,
    summary: 'Move an application (submitted → under_review → shortlisted → accepted / rejected), with notes',
  }),
  myApplications: endpoint({
    method: 'GET',
    path: '/applications/mine',
    tag: 'applications',
    status: 200,
    access: ['student'],
    query: MyApplicationsQuery,
    response: page(Application),
    summary: 'Your applications, most recently updated first; `status` shows one status only',
  }),
  answerTimes: endpoint({
    method: 'GET',
    path: '/applications/mine/answer-times',
    tag: 'applications',
    status: 200,
    access: ['student'],
    response: AnswerTimes,
    summary: 'How quickly the companies of your undecided applications usually answer (median, last 90 days)',
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/applications/:id/withdraw',
    tag: 'applications',
    status: 200,
    access: ['student'],
    errors: { 404: ['application-not-found'], 409: ['application-decided'] },
    params: IdParams,
    response: Application,
    summary: 'Withdraw an application that is not decided yet',
  }),
  thread: endpoint({
    method: 'GET',
    path: '/applications/:id/messages',
    tag: 'messages',
    status: 200,
    access: ['student', 'startup'],
    errors: { 404: ['application-not-found'] },
    params: IdParams,
    response: Thread,
    summary: "The messages on an application (its student or its project's company); what the other side wrote is marked read",
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/applications/:id/messages',
    tag: 'messages',
    status: 201,
    access: ['student', 'startup'],
    errors: { 404: ['application-not-found'], 409: ['messages-closed'], 429: ['too-many-requests'] },
    params: IdParams,
    body: MessageBody,
    response: Message,
    summary:
      'Write on an application (1–2000 characters; 20 a minute, 200 a day per person); the other side is told in the app and by email (at most one email per conversation per 10 minutes)',
  }),
  unreadMessages: endpoint({
    method: 'GET',
    path: '/messages/unread',
    tag: 'messages',
    status: 200,
    access: ['student', 'startup'],
    response: UnreadMessages,
    summary: 'How many messages you have not read, per application',
  }),
  browse: endpoint({
    method: 'GET',
    path: '/marketplace/projects',
    tag: 'marketplace (students)',
    status: 200,
    access: ['student'],
    query: BrowseQuery,
    response: BrowsePage,
    summary: 'Open projects: search, filters, sort (newest, deadline, best match), pages',
  }),
  studentProject: endpoint({
    method: 'GET',
    path: '/marketplace/projects/:id',
    tag: 'marketplace (students)',
    status: 200,
    access: ['student'],
    errors: { 404: ['project-not-found'] },
    params: IdParams,
    response: StudentProject,
    summary: 'An open project, with your application if any',
  }),
  apply: endpoint({
    method: 'POST',
    path: '/marketplace/projects/:id/apply',
    tag: 'marketplace (students)',
    status: 201,
    access: ['student'],
    errors: {
      403: ['unauthorized'],
      404: ['project-not-found', 'object-not-found'],
      409: ['project-closed', 'already-applied'],
      415: ['invalid-format'],
    },
    params: IdParams,
    body: ApplyBody,
    response: Application,
    summary: 'Apply once to an open project',
  }),
  adminProjects: endpoint({
    method: 'GET',
    path: '/admin/projects',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    query: AdminProjectsQuery,
    response: page(AdminProject),
    summary: 'Every project, or one status (pending: oldest first; otherwise newest first), searched by title or company',
  }),
  adminCloseProject: endpoint({
    method: 'POST',
    path: '/admin/projects/:id/close',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    errors: { 404: ['project-not-found'], 409: ['project-not-open'] },
    params: IdParams,
    body: CloseProjectBody,
    response: AdminProject,
    summary: 'Close an open project; the company is told the reason (audited)',
  }),
  adminReopenProject: endpoint({
    method: 'POST',
    path: '/admin/projects/:id/reopen',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    errors: { 404: ['project-not-found'], 409: ['project-not-closed', 'company-gone', 'deadline-passed'] },
    params: IdParams,
    body: ReopenProjectBody,
    response: AdminProject,
    summary: 'Reopen a closed project (a new deadline if its own has passed); the company is told the reason (audited)',
  }),
  adminEditProject: endpoint({
    method: 'PATCH',
    path: '/admin/projects/:id',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    errors: { 404: ['project-not-found'], 409: ['project-changed'] },
    params: IdParams,
    body: AdminEditProjectBody,
    response: AdminProject,
    summary: "Correct a listing's wording (typos); the company is told the reason (audited)",
  }),
  adminProjectApplications: endpoint({
    method: 'GET',
    path: '/admin/projects/:id/applications',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    errors: { 404: ['project-not-found'] },
    params: IdParams,
    query: PageQuery,
    response: page(AdminApplication),
    summary: "A project's applications, read only (for a complaint; each look is audited)",
  }),
  reviewProject: endpoint({
    method: 'POST',
    path: '/admin/projects/:id/review',
    tag: 'admin',
    status: 200,
    access: ['admin'],
    errors: { 404: ['project-not-found'], 409: ['project-changed', 'project-not-pending', 'company-gone', 'deadline-passed'] },
    params: IdParams,
    body: ReviewBody,
    response: Project,
    summary: 'Approve (opens it to students) or reject (reason required)',
  }),
};
