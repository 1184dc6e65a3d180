import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { APPLICATION_STATUSES, ENGAGEMENT_OUTCOMES, MILESTONE_STATUSES, PROJECT_STATUSES, WORK_MODES } from '@mashrou/contracts';

export type { ApplicationStatus, ProjectStatus } from '@mashrou/contracts';

export const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'projects',
  properties: {
    id: p.uuid().primary(),
    /** Null once the company's account was deleted (the project stays for its applicants). */
    companyId: p.uuid().nullable(),
    companyName: p.string(),
    title: p.string(),
    description: p.text(),
    requirements: p.array().$type<string[]>(),
    skills: p.array().$type<string[]>(),
    responsibilities: p.array().$type<string[]>(),
    qualifications: p.array().$type<string[]>(),
    durationWeeks: p.integer(),
    weeklyHours: p.integer(),
    workMode: p.enum([...WORK_MODES]),
    location: p.string().nullable(),
    startDate: p.string().columnType('date').nullable(),
    deadline: p.string().columnType('date').nullable(),
    paid: p.boolean().default(false),
    stipend: p.integer().nullable(),
    status: p.enum([...PROJECT_STATUSES]).default('pending'),
    rejectionReason: p.string().nullable(),
    reviewedAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
    /**
     * Who closed it: its company, an admin (with a reason the company was told), its deadline, the
     * company's account deletion, or its deactivation (or a new role) by an admin.
     */
    closedBy: p.enum(['company', 'admin', 'deadline', 'erasure', 'deactivation'] as const).nullable(),
    /** The reason an admin gave for the last close, reopen or correction (what the company is told). */
    moderationReason: p.text().nullable(),
    /** Raised by every change of the listing's text: an approval or a correction names the one it read. */
    version: p.integer().default(1),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Project = InferEntity<typeof ProjectSchema>;

export const ApplicationSchema = defineEntity({
  name: 'Application',
  tableName: 'applications',
  properties: {
    id: p.uuid().primary(),
    projectId: p.uuid(),
    studentId: p.uuid().nullable(),
    projectTitle: p.string(),
    motivation: p.text(),
    status: p.enum([...APPLICATION_STATUSES]).default('submitted'),
    notes: p.text().nullable(),
    cvFileId: p.uuid().nullable(),
    firstResponseAt: p.datetime().nullable(),
    /** When the company accepted it: the engagement's (and its certificate's) first day. */
    acceptedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Application = InferEntity<typeof ApplicationSchema>;

/** A message on an application, between its student and its project's company. */
export const MessageSchema = defineEntity({
  name: 'Message',
  tableName: 'messages',
  properties: {
    id: p.uuid().primary(),
    applicationId: p.uuid(),
    /** Null once the sender's account was deleted. */
    senderId: p.uuid().nullable(),
    recipientId: p.uuid().nullable(),
    body: p.text(),
    readAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});

/** A company's window of grouped new-applicant mail (ApplicantMailWindows). */
export const ApplicantMailWindowSchema = defineEntity({
  name: 'ApplicantMailWindow',
  tableName: 'applicant_mail_windows',
  properties: {
    companyId: p.uuid().primary(),
    /** When the last mail about new applicants was claimed (one or a summary); null before the first. */
    lastMailAt: p.datetime().nullable(),
    /** The job that claimed it: sent after the claim commits, and again (deduplicated) if that job is retried. */
    lastJob: p.text().nullable(),
    /** The applications it names (empty for a mail about one). */
    lastBatch: p.array().columnType('uuid[]').$type<string[]>().default([]),
    /** The applications waiting for the summary, in the order they came. */
    waiting: p.array().columnType('uuid[]').$type<string[]>().default([]),
    /** The job carrying the summary (it runs again when the window ends); null when none waits. */
    summaryJob: p.text().nullable(),
  },
});

/** A step of an accepted application's work, set by its company (the workspace). */
export const MilestoneSchema = defineEntity({
  name: 'Milestone',
  tableName: 'milestones',
  properties: {
    id: p.uuid().primary(),
    applicationId: p.uuid(),
    title: p.text(),
    expectations: p.text().default(''),
    dueOn: p.string().columnType('date'),
    status: p.enum([...MILESTONE_STATUSES]).default('open'),
    /** When both sides were reminded that it is overdue (once; again after its due date changes). */
    overdueToldAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

/** A student's hand-in for a milestone, and the company's answer once given. */
export const DeliverableSchema = defineEntity({
  name: 'Deliverable',
  tableName: 'deliverables',
  properties: {
    id: p.uuid().primary(),
    milestoneId: p.uuid(),
    body: p.text(),
    links: p.array().columnType('text[]').$type<string[]>().default([]),
    /** The student's files handed in with it (shared with the company). */
    fileIds: p.array().columnType('uuid[]').$type<string[]>().default([]),
    submittedAt: p.datetime().onCreate(() => new Date()),
    outcome: p.enum(['accepted', 'changes-requested'] as const).nullable(),
    feedback: p.text().nullable(),
    reviewedAt: p.datetime().nullable(),
  },
});

/** How an accepted application's engagement ended (completed, or ended early by the company with a reason). */
export const EngagementEndingSchema = defineEntity({
  name: 'EngagementEnding',
  tableName: 'engagement_endings',
  properties: {
    applicationId: p.uuid().primary(),
    outcome: p.enum([...ENGAGEMENT_OUTCOMES]),
    reason: p.text().nullable(),
    endedAt: p.datetime().onCreate(() => new Date()),
  },
});

/** One side's review of the other after an engagement ended (one each), and its report and moderation. */
export const ReviewSchema = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.uuid().primary(),
    applicationId: p.uuid(),
    author: p.enum(['company', 'student'] as const),
    overall: p.decimal().columnType('numeric(3,2)'),
    scores: p.json<Record<string, number>>(),
    body: p.text().default(''),
    createdAt: p.datetime().onCreate(() => new Date()),
    reportedAt: p.datetime().nullable(),
    reportReason: p.text().nullable(),
    hiddenAt: p.datetime().nullable(),
    /** When an admin last decided on it (hid, kept or showed it): out of their queue. */
    lookedAt: p.datetime().nullable(),
  },
});

/** A completed engagement's certificate: its facts as issued, its public code, and its withdrawal by an admin. */
export const CertificateSchema = defineEntity({
  name: 'Certificate',
  tableName: 'certificates',
  properties: {
    applicationId: p.uuid().primary(),
    code: p.text().unique(),
    studentName: p.text(),
    projectTitle: p.text(),
    companyName: p.text(),
    startedOn: p.string().columnType('date'),
    completedOn: p.string().columnType('date'),
    skills: p.array().$type<string[]>().default([]),
    showRating: p.boolean().default(false),
    issuedAt: p.datetime().onCreate(() => new Date()),
    withdrawnAt: p.datetime().nullable(),
    withdrawnReason: p.text().nullable(),
  },
});

/** A student's portfolio: its address, whether it is published, and the reviews it shows. */
export const PortfolioSchema = defineEntity({
  name: 'Portfolio',
  tableName: 'portfolios',
  properties: {
    userId: p.uuid().primary(),
    slug: p.text().unique(),
    published: p.boolean().default(false),
    noindex: p.boolean().default(false),
    showAssessment: p.boolean().default(false),
    reviewIds: p.array().columnType('uuid[]').$type<string[]>().default([]),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

/** A student's saved search (Browse's words and filters) and how they hear of new matches. */
export const SavedSearchSchema = defineEntity({
  name: 'SavedSearch',
  tableName: 'saved_searches',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    q: p.text().nullable(),
    skill: p.text().nullable(),
    mode: p.enum([...WORK_MODES]).nullable(),
    paid: p.boolean().nullable(),
    maxWeeks: p.integer().nullable(),
    instant: p.boolean().default(true),
    daily: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

/** A project a student was alerted to (once), and the digest run that reported it. */
export const SearchAlertSchema = defineEntity({
  name: 'SearchAlert',
  tableName: 'search_alerts',
  properties: {
    userId: p.uuid().primary(),
    projectId: p.uuid().primary(),
    daily: p.boolean(),
    /** The digest run that reported it. */
    digestClaim: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const MARKETPLACE_ENTITIES = [
  ProjectSchema,
  ApplicationSchema,
  MessageSchema,
  ApplicantMailWindowSchema,
  MilestoneSchema,
  DeliverableSchema,
  EngagementEndingSchema,
  ReviewSchema,
  CertificateSchema,
  PortfolioSchema,
  SavedSearchSchema,
  SearchAlertSchema,
];
