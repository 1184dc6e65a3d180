import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext, type HandlerResult } from '../events/event-handler.js';
import { AccountsService } from '../identity/index.js';
import { EmailDeliveryService, InboxService } from '../notifications/index.js';
import type { ApplicationForMail } from './records.queries.js';
import { MarketplaceRecords } from './records.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';

/**
 * Each handler tells the person in the app (InboxService, whatever their email setting) and by email
 * (respecting it); both are keyed by the job, so a retry repeats neither.
 */

/** ProjectReviewed → the company, approved or rejected with the reason. */
@Injectable()
@HandlesEvent({ event: 'ProjectReviewed', name: 'emailCompany', queue: 'notifications' })
export class ProjectReviewedHandler implements EventHandler<'ProjectReviewed'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  async handle(event: PublishedEvent<'ProjectReviewed'>, ctx: HandlerContext) {
    const project = await this.records.project(event.payload.projectId);
    const company = await this.accounts.recipient(project?.company_id);
    if (!project?.company_id || !company || (project.status !== 'open' && project.status !== 'rejected')) return 'skipped';
    await this.inbox.add(ctx.jobKey, project.company_id, 'project-reviewed', {
      projectId: project.id,
      projectTitle: project.title,
      approved: project.status === 'open',
    });
    return this.delivery.notify(ctx.jobKey, company, 'ProjectReviewed', {
      fullName: company.fullName,
      projectTitle: project.title,
      approved: project.status === 'open',
      reason: project.rejection_reason ?? undefined,
      locale: company.locale,
      projectUrl: this.delivery.url(`/dashboard/view-projects?project=${project.id}`),
      preferencesUrl: this.delivery.links().preferencesUrl,
    });
  }
}

/** What the company is told about one applicant (a new application, a withdrawal): its project, the student's name. */
async function emailCompanyAboutApplicant(
  records: MarketplaceRecords,
  accounts: AccountsService,
  delivery: EmailDeliveryService,
  inbox: InboxService,
  jobKey: string,
  applicationId: string,
  template: 'ApplicationSubmitted' | 'ApplicationWithdrawn',
  only?: ApplicationForMail['status'],
) {
  const app = await records.applicationForMail(applicationId);
  if (!app?.project_id || !app.title || !app.company_id || (only && app.status !== only)) return 'skipped';
  const [company, student] = await Promise.all([accounts.recipient(app.company_id), accounts.recipient(app.student_id)]);
  if (!company) return 'skipped';
  await inbox.add(
    jobKey,
    app.company_id,
    template === 'ApplicationSubmitted' ? 'new-applicant' : 'applicant-withdrew',
    { projectId: app.project_id, projectTitle: app.title, studentName: student?.fullName },
    app.student_id,
  );
  return delivery.notify(jobKey, company, template, {
    fullName: company.fullName,
    studentName: student?.fullName,
    projectTitle: app.title,
    locale: company.locale,
    projectUrl: delivery.url(`/dashboard/view-projects?project=${app.project_id}`),
    preferencesUrl: delivery.links().preferencesUrl,
  });
}

/** ApplicationSubmitted → the company. */
@Injectable()
@HandlesEvent({ event: 'ApplicationSubmitted', name: 'emailCompany', queue: 'notifications' })
export class ApplicationSubmittedHandler implements EventHandler<'ApplicationSubmitted'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  handle(event: PublishedEvent<'ApplicationSubmitted'>, ctx: HandlerContext) {
    const { records, accounts, delivery, inbox } = this;
    return emailCompanyAboutApplicant(
      records,
      accounts,
      delivery,
      inbox,
      ctx.jobKey,
      event.payload.applicationId,
      'ApplicationSubmitted',
    );
  }
}

/** ApplicationStatusChanged → the student, with the company's note. */
@Injectable()
@HandlesEvent({ event: 'ApplicationStatusChanged', name: 'emailStudent', queue: 'notifications' })
export class ApplicationStatusChangedHandler implements EventHandler<'ApplicationStatusChanged'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  async handle(event: PublishedEvent<'ApplicationStatusChanged'>, ctx: HandlerContext) {
    const app = await this.records.applicationForMail(event.payload.applicationId);
    const student = await this.accounts.recipient(app?.student_id);
    if (!app?.student_id || !student) return 'skipped';
    // What it changed to, even if it moved on since (two quick decisions are told as they were made).
    const status = event.payload.status ?? app.status;
    await this.inbox.add(ctx.jobKey, app.student_id, 'application-status', {
      projectId: app.project_id ?? undefined,
      projectTitle: app.project_title,
      status,
    });
    // An accepted student learns whom to write to at the company.
    const company = status === 'accepted' ? await this.accounts.recipient(app.company_id) : undefined;
    return this.delivery.notify(ctx.jobKey, student, 'ApplicationStatus', {
      fullName: student.fullName,
      projectTitle: app.project_title,
      status,
      notes: app.notes ?? undefined,
      ...(company && app.company_name
        ? { companyName: app.company_name, contactName: company.fullName, contactEmail: company.email }
        : {}),
      locale: student.locale,
      applicationsUrl: this.delivery.url('/dashboard/my-applications'),
      preferencesUrl: this.delivery.links().preferencesUrl,
    });
  }
}

/** Submissions of one company within this window are one notice for each admin. */
const SUBMISSION_BATCH_MS = 60 * 60_000;

/**
 * ProjectSubmitted (a new project, or a rejected one edited and sent again) → every admin, while
 * the project still waits for review, grouped per company and hour: the first submission of the
 * hour is an entry in the app and an email (for admins who keep notifications on); the next ones
 * update that entry (how many, the latest title) and send no more mail — a company posting many
 * projects at once cannot flood the admins' bells and mail budgets.
 */
@Injectable()
@HandlesEvent({ event: 'ProjectSubmitted', name: 'emailAdmins', queue: 'notifications' })
export class ProjectSubmittedHandler implements EventHandler<'ProjectSubmitted'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
    private readonly limits: RateLimitService,
  ) {}

  async handle(event: PublishedEvent<'ProjectSubmitted'>, ctx: HandlerContext) {
    const project = await this.records.project(event.payload.projectId);
    if (project?.status !== 'pending') return 'skipped';
    const window = Math.floor(new Date(event.occurredAt).getTime() / SUBMISSION_BATCH_MS);
    // Keyed by a hash of the company (not its id): an erased company leaves no id behind.
    const company = createHash('sha256')
      .update(project.company_id ?? project.id)
      .digest('hex')
      .slice(0, 24);
    const batch = `project-submitted:${company}:${String(window)}`;
    // The batch as it stands (whichever of its jobs runs last, and a retry, write the same): how
    // many of the company's projects wait, and the latest.
    const batchNow = project.company_id
      ? await this.records.pendingSince(project.company_id, new Date(window * SUBMISSION_BATCH_MS))
      : undefined;
    const count = batchNow?.count ?? 1;
    const latest = batchNow?.latest ?? { id: project.id, title: project.title };
    for (const admin of await this.accounts.activeAdmins()) {
      await this.inbox.addOrUpdate(
        batch,
        admin.id,
        'project-submitted',
        {
          projectId: latest.id,
          projectTitle: latest.title,
          companyName: project.company_name,
          ...(count > 1 ? { count } : {}),
        },
        project.company_id,
      );
      if (!admin.emailNotifications) continue;
      // One mail per batch and admin: the batch's first job claims it (in Redis, so jobs running at
      // once in any worker agree; a retry of that job still holds it), the others send none.
      const key = `${batch}:${admin.id}`;
      if (!(await this.limits.claim(`mail-claim:${key}`, ctx.jobKey, SUBMISSION_BATCH_MS / 1000 + 3600))) continue;
      await this.delivery.deliver(key, admin.email, 'ProjectSubmitted', {
        fullName: admin.fullName,
        companyName: project.company_name,
        projectTitle: project.title,
        locale: admin.locale,
        reviewUrl: this.delivery.url('/dashboard'),
        preferencesUrl: this.delivery.links().preferencesUrl,
      });
    }
    return 'done';
  }
}

/** ApplicationWithdrawn → the company: one applicant less to answer. */
@Injectable()
@HandlesEvent({ event: 'ApplicationWithdrawn', name: 'emailCompany', queue: 'notifications' })
export class ApplicationWithdrawnHandler implements EventHandler<'ApplicationWithdrawn'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  handle(event: PublishedEvent<'ApplicationWithdrawn'>, ctx: HandlerContext) {
    const { records, accounts, delivery, inbox } = this;
    const id = event.payload.applicationId;
    return emailCompanyAboutApplicant(records, accounts, delivery, inbox, ctx.jobKey, id, 'ApplicationWithdrawn', 'withdrawn');
  }
}

/** At most one email per conversation and recipient in this time (the bell hears of every message). */
export const MESSAGE_MAIL_QUIET_MS = 10 * 60_000;

/**
 * MessageSent → the other side: in the app for every message; by email for the first one of a
 * while (none if the recipient was written to in the same conversation in the 10 minutes before).
 */
@Injectable()
@HandlesEvent({ event: 'MessageSent', name: 'tellRecipient', queue: 'notifications' })
export class MessageSentHandler implements EventHandler<'MessageSent'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  async handle(event: PublishedEvent<'MessageSent'>, ctx: HandlerContext) {
    const message = await this.records.message(event.payload.messageId);
    if (!message?.recipient_id || !message.sender_id) return 'skipped';
    const app = await this.records.applicationForMail(message.application_id);
    const [recipient, sender] = await Promise.all([
      this.accounts.recipient(message.recipient_id),
      this.accounts.recipient(message.sender_id),
    ]);
    if (!app || !recipient || !sender) return 'skipped';
    const fromCompany = message.sender_id === app.company_id;
    const senderName = fromCompany ? (app.company_name ?? sender.fullName) : sender.fullName;
    const projectTitle = app.title ?? app.project_title;
    // The student reads the conversation in My Applications; the company on its project's applicants.
    const path = fromCompany ? '/dashboard/my-applications' : `/dashboard/view-projects?project=${app.project_id ?? ''}`;
    // Read already (the conversation was opened before this ran): nothing new for the bell. Opened
    // while the entry is written: the conversation marks its entries read after its messages, so if
    // the message still looks unread after the entry is in, the conversation's marking will find it.
    // Checked again on a retry too (the entry may be in from an attempt that failed after it).
    await this.inbox.add(
      ctx.jobKey,
      message.recipient_id,
      'new-message',
      { projectId: app.project_id ?? undefined, projectTitle, senderName },
      message.sender_id,
      { read: message.read_at !== null },
    );
    if (message.read_at === null && app.project_id && (await this.records.message(message.id))?.read_at) {
      await this.inbox.markReadAbout(message.recipient_id, 'new-message', message.sender_id, app.project_id);
    }
    const at = new Date(message.created_at);
    const quiet = await this.records.wroteShortlyBefore(app.id, message.recipient_id, message.id, at, MESSAGE_MAIL_QUIET_MS);
    if (quiet) return 'done';
    return this.delivery.notify(ctx.jobKey, recipient, 'NewMessage', {
      fullName: recipient.fullName,
      senderName,
      projectTitle,
      locale: recipient.locale,
      threadUrl: this.delivery.url(path),
      preferencesUrl: this.delivery.links().preferencesUrl,
    });
  }
}

/**
 * ProjectDeadlinePassed → the company: one summary ("N applicants are waiting for your answer"),
 * in the app and by email.
 */
@Injectable()
@HandlesEvent({ event: 'ProjectDeadlinePassed', name: 'tellCompany', queue: 'notifications' })
export class DeadlinePassedCompanyHandler implements EventHandler<'ProjectDeadlinePassed'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  async handle(event: PublishedEvent<'ProjectDeadlinePassed'>, ctx: HandlerContext) {
    const project = await this.records.project(event.payload.projectId);
    const company = await this.accounts.recipient(project?.company_id);
    if (!project?.company_id || !company) return 'skipped';
    const waiting = (await this.records.undecidedStudents(project.id)).length;
    await this.inbox.add(ctx.jobKey, project.company_id, 'deadline-passed', {
      projectId: project.id,
      projectTitle: project.title,
      count: waiting,
    });
    return this.delivery.notify(ctx.jobKey, company, 'ProjectNotice', {
      fullName: company.fullName,
      projectTitle: project.title,
      kind: 'deadline',
      waiting,
      locale: company.locale,
      projectUrl: this.delivery.url(`/dashboard/view-projects?project=${project.id}`),
      preferencesUrl: this.delivery.links().preferencesUrl,
    });
  }
}

/**
 * Each student still waiting for an answer when their project closes — on its deadline (their
 * application still stands) or by an admin (it goes no further): in the app and by email.
 */
async function tellUndecidedApplicants(
  records: MarketplaceRecords,
  accounts: AccountsService,
  delivery: EmailDeliveryService,
  inbox: InboxService,
  jobKey: string,
  projectId: string,
  cause: 'deadline' | 'closed',
): Promise<HandlerResult> {
  const project = await records.project(projectId);
  if (project?.status !== 'closed') return 'skipped';
  for (const studentId of await records.undecidedStudents(project.id)) {
    const student = await accounts.recipient(studentId);
    if (!student) continue;
    await inbox.add(
      jobKey,
      studentId,
      'applications-closed',
      {
        projectId: project.id,
        projectTitle: project.title,
        companyName: project.company_name,
        ...(cause === 'closed' ? { action: 'closed' as const } : {}),
      },
      project.company_id,
    );
    // One key per student: a retry after a failure half-way mails only those not mailed yet.
    await delivery.notify(`${jobKey}:${studentId}`, student, 'ApplicationsClosed', {
      fullName: student.fullName,
      projectTitle: project.title,
      companyName: project.company_name,
      cause,
      locale: student.locale,
      applicationsUrl: delivery.url('/dashboard/my-applications'),
      preferencesUrl: delivery.links().preferencesUrl,
    });
  }
  return 'done';
}

/** ProjectDeadlinePassed → each student still waiting for an answer: applications closed, theirs still stands. */
@Injectable()
@HandlesEvent({ event: 'ProjectDeadlinePassed', name: 'tellApplicants', queue: 'notifications' })
export class DeadlinePassedApplicantsHandler implements EventHandler<'ProjectDeadlinePassed'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  handle(event: PublishedEvent<'ProjectDeadlinePassed'>, ctx: HandlerContext) {
    const { records, accounts, delivery, inbox } = this;
    return tellUndecidedApplicants(records, accounts, delivery, inbox, ctx.jobKey, event.payload.projectId, 'deadline');
  }
}

/** ProjectModerated (closed) → each student still waiting for an answer: Mashrou closed the project. */
@Injectable()
@HandlesEvent({ event: 'ProjectModerated', name: 'tellApplicants', queue: 'notifications' })
export class ProjectClosedApplicantsHandler implements EventHandler<'ProjectModerated'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  handle(event: PublishedEvent<'ProjectModerated'>, ctx: HandlerContext) {
    if (event.payload.action !== 'closed') return Promise.resolve<HandlerResult>('skipped');
    const { records, accounts, delivery, inbox } = this;
    return tellUndecidedApplicants(records, accounts, delivery, inbox, ctx.jobKey, event.payload.projectId, 'closed');
  }
}

/** ProjectModerated → the company: an admin closed, reopened or corrected its project, and why. */
@Injectable()
@HandlesEvent({ event: 'ProjectModerated', name: 'tellCompany', queue: 'notifications' })
export class ProjectModeratedHandler implements EventHandler<'ProjectModerated'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  async handle(event: PublishedEvent<'ProjectModerated'>, ctx: HandlerContext) {
    const { action, fields } = event.payload;
    const project = await this.records.project(event.payload.projectId);
    const company = await this.accounts.recipient(project?.company_id);
    if (!project?.company_id || !company) return 'skipped';
    // The admin's reason lives on the project (the event carries no free text).
    const reason = project.moderation_reason ?? undefined;
    await this.inbox.add(ctx.jobKey, project.company_id, 'project-moderated', {
      projectId: project.id,
      projectTitle: project.title,
      action,
      reason,
    });
    return this.delivery.notify(ctx.jobKey, company, 'ProjectNotice', {
      fullName: company.fullName,
      projectTitle: project.title,
      kind: action,
      reason,
      fields,
      locale: company.locale,
      projectUrl: this.delivery.url(`/dashboard/view-projects?project=${project.id}`),
      preferencesUrl: this.delivery.links().preferencesUrl,
    });
  }
}

/** CompanyDigestDue → the company: its applicants waiting more than 7 days, per project (nothing if none wait any more). */
@Injectable()
@HandlesEvent({ event: 'CompanyDigestDue', name: 'emailCompany', queue: 'notifications' })
export class CompanyDigestHandler implements EventHandler<'CompanyDigestDue'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  async handle(event: PublishedEvent<'CompanyDigestDue'>, ctx: HandlerContext) {
    const companyId = event.payload.userId;
    const company = await this.accounts.recipient(companyId);
    if (!company) return 'skipped';
    const projects = await this.records.waitingSince(companyId, new Date(event.payload.before));
    const waiting = projects.reduce((n, p) => n + p.waiting, 0);
    if (!waiting) return 'skipped';
    await this.inbox.add(ctx.jobKey, companyId, 'applicants-waiting', { count: waiting });
    return this.delivery.notify(ctx.jobKey, company, 'WaitingDigest', {
      fullName: company.fullName,
      waiting,
      projects: projects.map((p) => ({ title: p.title, waiting: p.waiting })),
      locale: company.locale,
      projectsUrl: this.delivery.url('/dashboard/view-projects'),
      preferencesUrl: this.delivery.links().preferencesUrl,
    });
  }
}

/**
 * ProjectClosed (its company's account was deleted) → each student still waiting for an answer: in
 * the app and by email, once each.
 */
@Injectable()
@HandlesEvent({ event: 'ProjectClosed', name: 'emailApplicants', queue: 'notifications' })
export class ProjectClosedHandler implements EventHandler<'ProjectClosed'> {
  constructor(
    private readonly records: MarketplaceRecords,
    private readonly accounts: AccountsService,
    private readonly delivery: EmailDeliveryService,
    private readonly inbox: InboxService,
  ) {}

  async handle(event: PublishedEvent<'ProjectClosed'>, ctx: HandlerContext) {
    const waiting = await this.records.undecidedApplicants(event.payload.projectId);
    for (const a of waiting) {
      const student = await this.accounts.recipient(a.student_id);
      if (!student || !a.student_id) continue;
      // The company is gone: the entry names only the project.
      await this.inbox.add(ctx.jobKey, a.student_id, 'company-left', {
        projectId: event.payload.projectId,
        projectTitle: a.project_title,
      });
      await this.delivery.notify(`${ctx.jobKey}:${a.id}`, student, 'ProjectClosed', {
        fullName: student.fullName,
        projectTitle: a.project_title,
        locale: student.locale,
        browseUrl: this.delivery.url('/dashboard/browse-projects'),
        preferencesUrl: this.delivery.links().preferencesUrl,
      });
    }
    return 'done' as const;
  }
}

export const MARKETPLACE_EMAIL_HANDLERS = [
  DeadlinePassedCompanyHandler,
  DeadlinePassedApplicantsHandler,
  ProjectClosedApplicantsHandler,
  ProjectModeratedHandler,
  CompanyDigestHandler,
  ProjectClosedHandler,
  ProjectReviewedHandler,
  ProjectSubmittedHandler,
  ApplicationSubmittedHandler,
  ApplicationStatusChangedHandler,
  ApplicationWithdrawnHandler,
  MessageSentHandler,
];
