import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, RunAgainAt, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { AccountsService } from '../identity/index.js';
import { Notifier } from '../notifications/index.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { MarketplaceRecords } from './records.service.js';
import { ApplicantMailWindows } from './applicant-mail-windows.js';

type Project = NonNullable<Awaited<ReturnType<MarketplaceRecords['project']>>>;

/**
 * What the marketplace tells people, one handler per event: each describes the entry in the app and
 * the email once (Notifier.tell), keyed by its job so a retry repeats neither.
 */
@Injectable()
abstract class MarketplaceNotice {
  constructor(
    protected readonly records: MarketplaceRecords,
    protected readonly accounts: AccountsService,
    protected readonly notifier: Notifier,
  ) {}

  /** Where a company reads one of its projects (and its applicants). */
  protected companyProjectUrl(projectId: string | null) {
    return this.notifier.url(`/dashboard/view-projects?project=${projectId ?? ''}`);
  }

  /** A company about one applicant of its project, and the facts it is told: undefined if the application or company is gone. */
  protected async applicantNotice(applicationId: string) {
    const app = await this.records.applicationForMail(applicationId);
    if (!app?.project_id || !app.title) return undefined;
    const [company, student] = await Promise.all([
      this.accounts.recipient(app.company_id),
      this.accounts.recipient(app.student_id),
    ]);
    if (!company) return undefined;
    const facts = { projectId: app.project_id, projectTitle: app.title, studentName: student?.fullName };
    return { app, company, facts, projectUrl: this.companyProjectUrl(app.project_id) };
  }

  /**
   * The students still waiting for an answer (`students`) when their project closes — on its deadline
   * (their application still stands) or by an admin (it goes no further).
   */
  protected async tellUndecidedApplicants(jobKey: string, project: Project, students: string[], cause: 'deadline' | 'closed') {
    if (project.status !== 'closed') return;
    for (const studentId of students) {
      const student = await this.accounts.recipient(studentId);
      if (!student) continue;
      const facts = { projectId: project.id, projectTitle: project.title, companyName: project.company_name };
      // One key per student: a retry after a failure half-way mails only those not mailed yet (the
      // entry in the app keeps the job's key, as it always had).
      await this.notifier.inbox.add(
        jobKey,
        studentId,
        'applications-closed',
        { ...facts, ...(cause === 'closed' ? { action: 'closed' as const } : {}) },
        project.company_id,
      );
      await this.notifier.mail(`${jobKey}:${studentId}`, student, 'ApplicationsClosed', {
        ...facts,
        cause,
        applicationsUrl: this.notifier.url('/dashboard/my-applications'),
      });
    }
  }
}

/** ProjectReviewed → the company: approved, or sent back with the reason. */
@HandlesEvent({ event: 'ProjectReviewed', name: 'emailCompany', queue: 'notifications' })
export class ProjectReviewedHandler extends MarketplaceNotice implements EventHandler<'ProjectReviewed'> {
  async handle(event: PublishedEvent<'ProjectReviewed'>, ctx: HandlerContext) {
    const project = await this.records.project(event.payload.projectId);
    const company = await this.accounts.recipient(project?.company_id);
    if (!project || !company || (project.status !== 'open' && project.status !== 'rejected')) return 'skipped';
    const facts = { projectId: project.id, projectTitle: project.title, approved: project.status === 'open' };
    return this.notifier.tell(ctx.jobKey, company, {
      kind: 'project-reviewed',
      facts,
      mail: 'ProjectReviewed',
      props: { ...facts, reason: project.rejection_reason ?? undefined, projectUrl: this.companyProjectUrl(project.id) },
    });
  }
}

/**
 * ApplicationSubmitted → the company: a new applicant, in the app at once; by email at once if it is
 * the first in a while, else in the one summary of the applicants since (ApplicantMailWindows).
 */
@HandlesEvent({ event: 'ApplicationSubmitted', name: 'emailCompany', queue: 'notifications' })
export class ApplicationSubmittedHandler extends MarketplaceNotice implements EventHandler<'ApplicationSubmitted'> {
  constructor(
    records: MarketplaceRecords,
    accounts: AccountsService,
    notifier: Notifier,
    private readonly windows: ApplicantMailWindows,
  ) {
    super(records, accounts, notifier);
  }

  async handle(event: PublishedEvent<'ApplicationSubmitted'>, ctx: HandlerContext) {
    const notice = await this.applicantNotice(event.payload.applicationId);
    // Withdrawn before this first ran: the company hears of the withdrawal alone, not of a new
    // applicant who is gone. (A deferred run still sends the summary of the others.)
    if (!notice || (notice.app.status === 'withdrawn' && !ctx.deferred)) return 'skipped';
    const { app, company, facts, projectUrl } = notice;
    await this.notifier.inbox.add(ctx.jobKey, company.id, 'new-applicant', facts, app.student_id);
    // No email of this kind wanted: no window to keep either.
    if (!company.emailNotifications || company.emailOff.includes('applications')) return 'done';
    const turn = await this.windows.turn(company.id, app.id, ctx.jobKey, ctx.deferred);
    if (turn.send === 'later') throw new RunAgainAt(turn.at.getTime(), 'a summary of new applicants, due when its window ends');
    if (turn.send === 'one') await this.notifier.mail(ctx.jobKey, company, 'ApplicationSubmitted', { ...facts, projectUrl });
    if (turn.send === 'summary') {
      const applicants = await this.named(turn.applications);
      if (applicants.length) {
        await this.notifier.mail(`${ctx.jobKey}.summary`, company, 'ApplicantsSummary', {
          applicants,
          projectsUrl: this.notifier.url('/dashboard/view-projects'),
        });
      }
    }
    return 'done';
  }

  /** Who applied to what, of these applications (an erased student's is left out). */
  private async named(ids: string[]) {
    const named = await Promise.all(
      ids.map(async (id) => {
        const a = await this.records.applicationForMail(id);
        const student = a?.title ? await this.accounts.recipient(a.student_id) : undefined;
        return a?.title && student ? { studentName: student.fullName, projectTitle: a.title } : undefined;
      }),
    );
    return named.filter((a) => a !== undefined);
  }
}

/** ApplicationWithdrawn → the company: one applicant less to answer. */
@HandlesEvent({ event: 'ApplicationWithdrawn', name: 'emailCompany', queue: 'notifications' })
export class ApplicationWithdrawnHandler extends MarketplaceNotice implements EventHandler<'ApplicationWithdrawn'> {
  async handle(event: PublishedEvent<'ApplicationWithdrawn'>, ctx: HandlerContext) {
    const notice = await this.applicantNotice(event.payload.applicationId);
    if (!notice || notice.app.status !== 'withdrawn') return 'skipped';
    const { app, company, facts, projectUrl } = notice;
    return this.notifier.tell(ctx.jobKey, company, {
      kind: 'applicant-withdrew',
      facts,
      about: app.student_id,
      mail: 'ApplicationWithdrawn',
      props: { ...facts, projectUrl },
    });
  }
}

/** ApplicationStatusChanged → the student, with the company's note (and, once accepted, whom to write to). */
@HandlesEvent({ event: 'ApplicationStatusChanged', name: 'emailStudent', queue: 'notifications' })
export class ApplicationStatusChangedHandler extends MarketplaceNotice implements EventHandler<'ApplicationStatusChanged'> {
  async handle(event: PublishedEvent<'ApplicationStatusChanged'>, ctx: HandlerContext) {
    const app = await this.records.applicationForMail(event.payload.applicationId);
    const student = await this.accounts.recipient(app?.student_id);
    if (!app || !student) return 'skipped';
    // What it changed to, even if it moved on since (two quick decisions are told as they were made).
    const status = event.payload.status ?? app.status;
    const company = status === 'accepted' ? await this.accounts.recipient(app.company_id) : undefined;
    return this.notifier.tell(ctx.jobKey, student, {
      kind: 'application-status',
      facts: { projectId: app.project_id ?? undefined, projectTitle: app.project_title, status },
      mail: 'ApplicationStatus',
      props: {
        projectTitle: app.project_title,
        status,
        notes: app.notes ?? undefined,
        ...(company && app.company_name
          ? { companyName: app.company_name, contactName: company.fullName, contactEmail: company.email }
          : {}),
        applicationsUrl: this.notifier.url('/dashboard/my-applications'),
      },
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
@HandlesEvent({ event: 'ProjectSubmitted', name: 'emailAdmins', queue: 'notifications' })
export class ProjectSubmittedHandler extends MarketplaceNotice implements EventHandler<'ProjectSubmitted'> {
  constructor(
    records: MarketplaceRecords,
    accounts: AccountsService,
    notifier: Notifier,
    private readonly limits: RateLimitService,
  ) {
    super(records, accounts, notifier);
  }

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
      await this.notifier.inbox.addOrUpdate(
        batch,
        admin.id,
        'project-submitted',
        { projectId: latest.id, projectTitle: latest.title, companyName: project.company_name, ...(count > 1 ? { count } : {}) },
        project.company_id,
      );
      if (!admin.emailNotifications) continue;
      // One mail per batch and admin: the batch's first job claims it (in Redis, so jobs running at
      // once in any worker agree; a retry of that job still holds it), the others send none.
      const key = `${batch}:${admin.id}`;
      if (!(await this.limits.claim(`mail-claim:${key}`, ctx.jobKey, SUBMISSION_BATCH_MS / 1000 + 3600))) continue;
      await this.notifier.mail(key, admin, 'ProjectSubmitted', {
        companyName: project.company_name,
        projectTitle: project.title,
        reviewUrl: this.notifier.url('/dashboard'),
      });
    }
    return 'done';
  }
}

/** At most one email per conversation and recipient in this time (the bell hears of every message). */
export const MESSAGE_MAIL_QUIET_MS = 10 * 60_000;

/**
 * MessageSent → the other side: in the app for every message; by email for the first one of a
 * while (none if the recipient was written to in the same conversation in the 10 minutes before).
 */
@HandlesEvent({ event: 'MessageSent', name: 'tellRecipient', queue: 'notifications' })
export class MessageSentHandler extends MarketplaceNotice implements EventHandler<'MessageSent'> {
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
    const quiet = await this.records.wroteShortlyBefore(
      app.id,
      message.recipient_id,
      message.id,
      new Date(message.created_at),
      MESSAGE_MAIL_QUIET_MS,
    );
    // Read already (the conversation was opened before this ran): nothing new for the bell.
    await this.notifier.tell(ctx.jobKey, recipient, {
      kind: 'new-message',
      facts: { projectId: app.project_id ?? undefined, projectTitle, senderName },
      about: message.sender_id,
      read: message.read_at !== null,
      mail: quiet ? null : 'NewMessage',
      // The student reads the conversation in My Applications; the company on its project's applicants.
      props: {
        senderName,
        projectTitle,
        threadUrl: fromCompany ? this.notifier.url('/dashboard/my-applications') : this.companyProjectUrl(app.project_id),
      },
    });
    // Opened while the entry was written: the conversation marks its entries read after its
    // messages, so if the message still looks unread after the entry is in, the conversation's
    // marking finds it; if it is read by now, the entry is marked here. Checked again on a retry too
    // (the entry may be in from an attempt that failed after it).
    if (message.read_at === null && app.project_id && (await this.records.message(message.id))?.read_at) {
      await this.notifier.inbox.markReadAbout(message.recipient_id, 'new-message', message.sender_id, app.project_id);
    }
    return 'done';
  }
}

/**
 * ProjectDeadlinePassed → the company: one summary ("N applicants are waiting for your answer");
 * and each student still waiting for an answer: applications are closed, theirs still stands.
 */
@HandlesEvent({ event: 'ProjectDeadlinePassed', name: 'tellCompanyAndApplicants', queue: 'notifications' })
export class DeadlinePassedHandler extends MarketplaceNotice implements EventHandler<'ProjectDeadlinePassed'> {
  async handle(event: PublishedEvent<'ProjectDeadlinePassed'>, ctx: HandlerContext) {
    const project = await this.records.project(event.payload.projectId);
    const company = await this.accounts.recipient(project?.company_id);
    if (!project) return 'skipped';
    const students = await this.records.undecidedStudents(project.id);
    if (company) {
      const waiting = students.length;
      await this.notifier.tell(ctx.jobKey, company, {
        kind: 'deadline-passed',
        facts: { projectId: project.id, projectTitle: project.title, count: waiting },
        mail: 'ProjectNotice',
        props: { projectTitle: project.title, kind: 'deadline', waiting, projectUrl: this.companyProjectUrl(project.id) },
      });
    }
    await this.tellUndecidedApplicants(ctx.jobKey, project, students, 'deadline');
    return 'done';
  }
}

/**
 * ProjectModerated → the company: an admin closed, reopened or corrected its project, and why; when
 * closed, each student still waiting for an answer too: Mashrou closed the project.
 */
@HandlesEvent({ event: 'ProjectModerated', name: 'tellCompanyAndApplicants', queue: 'notifications' })
export class ProjectModeratedHandler extends MarketplaceNotice implements EventHandler<'ProjectModerated'> {
  async handle(event: PublishedEvent<'ProjectModerated'>, ctx: HandlerContext) {
    const { action, fields } = event.payload;
    const project = await this.records.project(event.payload.projectId);
    const company = await this.accounts.recipient(project?.company_id);
    if (!project) return 'skipped';
    if (company) {
      // The admin's reason lives on the project (the event carries no free text).
      const reason = project.moderation_reason ?? undefined;
      await this.notifier.tell(ctx.jobKey, company, {
        kind: 'project-moderated',
        facts: { projectId: project.id, projectTitle: project.title, action, reason },
        mail: 'ProjectNotice',
        props: { projectTitle: project.title, kind: action, reason, fields, projectUrl: this.companyProjectUrl(project.id) },
      });
    }
    if (action === 'closed' && project.status === 'closed') {
      await this.tellUndecidedApplicants(ctx.jobKey, project, await this.records.undecidedStudents(project.id), 'closed');
    }
    return 'done';
  }
}

/** CompanyDigestDue → the company: its applicants waiting more than 7 days, per project (nothing if none wait any more). */
@HandlesEvent({ event: 'CompanyDigestDue', name: 'emailCompany', queue: 'notifications' })
export class CompanyDigestHandler extends MarketplaceNotice implements EventHandler<'CompanyDigestDue'> {
  async handle(event: PublishedEvent<'CompanyDigestDue'>, ctx: HandlerContext) {
    const company = await this.accounts.recipient(event.payload.userId);
    if (!company) return 'skipped';
    const projects = await this.records.waitingSince(company.id, new Date(event.payload.before));
    const waiting = projects.reduce((n, p) => n + p.waiting, 0);
    if (!waiting) return 'skipped';
    return this.notifier.tell(ctx.jobKey, company, {
      kind: 'applicants-waiting',
      facts: { count: waiting },
      mail: 'WaitingDigest',
      props: {
        waiting,
        projects: projects.map((p) => ({ title: p.title, waiting: p.waiting })),
        projectsUrl: this.notifier.url('/dashboard/view-projects'),
      },
    });
  }
}

/** ProjectClosed (its company's account was deleted) → each student still waiting for an answer, once each. */
@HandlesEvent({ event: 'ProjectClosed', name: 'emailApplicants', queue: 'notifications' })
export class ProjectClosedHandler extends MarketplaceNotice implements EventHandler<'ProjectClosed'> {
  async handle(event: PublishedEvent<'ProjectClosed'>, ctx: HandlerContext) {
    for (const a of await this.records.undecidedApplicants(event.payload.projectId)) {
      const student = await this.accounts.recipient(a.student_id);
      if (!student) continue;
      // The company is gone: the entry names only the project. One mail key per application.
      await this.notifier.inbox.add(ctx.jobKey, student.id, 'company-left', {
        projectId: event.payload.projectId,
        projectTitle: a.project_title,
      });
      await this.notifier.mail(`${ctx.jobKey}:${a.id}`, student, 'ProjectClosed', {
        projectTitle: a.project_title,
        browseUrl: this.notifier.url('/dashboard/browse-projects'),
      });
    }
    return 'done' as const;
  }
}

/**
 * MilestoneSet → the student: a milestone to work toward, in the app only (a company often sets
 * several at once; the workspace shows them all).
 */
@HandlesEvent({ event: 'MilestoneSet', name: 'tellStudent', queue: 'notifications' })
export class MilestoneSetHandler extends MarketplaceNotice implements EventHandler<'MilestoneSet'> {
  async handle(event: PublishedEvent<'MilestoneSet'>, ctx: HandlerContext) {
    const item = await this.records.workItem({ milestoneId: event.payload.milestoneId });
    if (!item?.student_id || item.status !== 'accepted') return 'skipped';
    if (!(await this.accounts.recipient(item.student_id))) return 'skipped';
    const facts = {
      projectId: item.project_id,
      projectTitle: item.title,
      milestoneTitle: item.milestone_title,
      companyName: item.company_name,
    };
    await this.notifier.inbox.add(ctx.jobKey, item.student_id, 'milestone-set', facts, item.company_id);
    return 'done';
  }
}

/**
 * MilestoneChanged → the student, in the app: a milestone's title, expectations or day changed
 * (named), or one was removed.
 */
@HandlesEvent({ event: 'MilestoneChanged', name: 'tellStudent', queue: 'notifications' })
export class MilestoneChangedHandler extends MarketplaceNotice implements EventHandler<'MilestoneChanged'> {
  async handle(event: PublishedEvent<'MilestoneChanged'>, ctx: HandlerContext) {
    const { applicationId, action, milestoneId } = event.payload;
    const item = await this.records.applicationItem(applicationId);
    if (!item?.student_id || item.status !== 'accepted') return 'skipped';
    if (!(await this.accounts.recipient(item.student_id))) return 'skipped';
    // An edit names the milestone as it now is (nothing, if it was removed since).
    const milestone = milestoneId ? await this.records.workItem({ milestoneId }) : undefined;
    if (action === 'edited' && !milestone) return 'skipped';
    await this.notifier.inbox.add(
      ctx.jobKey,
      item.student_id,
      'milestone-changed',
      {
        projectId: item.project_id,
        projectTitle: item.title,
        companyName: item.company_name,
        action,
        ...(milestone ? { milestoneTitle: milestone.milestone_title } : {}),
      },
      item.company_id,
    );
    return 'done';
  }
}

/** DeliverableSubmitted → the company: something to review, in the app and by email. */
@HandlesEvent({ event: 'DeliverableSubmitted', name: 'tellCompany', queue: 'notifications' })
export class DeliverableSubmittedHandler extends MarketplaceNotice implements EventHandler<'DeliverableSubmitted'> {
  async handle(event: PublishedEvent<'DeliverableSubmitted'>, ctx: HandlerContext) {
    const item = await this.records.workItem({ deliverableId: event.payload.deliverableId });
    if (!item?.student_id || item.status !== 'accepted') return 'skipped';
    const [company, student] = await Promise.all([
      this.accounts.recipient(item.company_id),
      this.accounts.recipient(item.student_id),
    ]);
    if (!company) return 'skipped';
    const facts = { projectId: item.project_id, projectTitle: item.title, milestoneTitle: item.milestone_title };
    return this.notifier.tell(ctx.jobKey, company, {
      kind: 'deliverable-submitted',
      facts: { ...facts, studentName: student?.fullName },
      about: item.student_id,
      // Without the student's name there is no sentence to write: the app alone tells.
      mail: student ? 'DeliverableSubmitted' : null,
      props: {
        studentName: student?.fullName ?? '',
        projectTitle: item.title,
        milestoneTitle: item.milestone_title,
        workspaceUrl: this.companyProjectUrl(item.project_id),
      },
    });
  }
}

/** DeliverableReviewed → the student: accepted, or changes asked for (the feedback is read in the app). */
@HandlesEvent({ event: 'DeliverableReviewed', name: 'tellStudent', queue: 'notifications' })
export class DeliverableReviewedHandler extends MarketplaceNotice implements EventHandler<'DeliverableReviewed'> {
  async handle(event: PublishedEvent<'DeliverableReviewed'>, ctx: HandlerContext) {
    const item = await this.records.workItem({ deliverableId: event.payload.deliverableId });
    if (!item?.student_id || !item.outcome) return 'skipped';
    const student = await this.accounts.recipient(item.student_id);
    if (!student) return 'skipped';
    const accepted = item.outcome === 'accepted';
    return this.notifier.tell(ctx.jobKey, student, {
      kind: 'deliverable-reviewed',
      facts: {
        projectId: item.project_id,
        projectTitle: item.title,
        milestoneTitle: item.milestone_title,
        companyName: item.company_name,
        approved: accepted,
      },
      about: item.company_id,
      mail: 'DeliverableReviewed',
      props: {
        companyName: item.company_name,
        projectTitle: item.title,
        milestoneTitle: item.milestone_title,
        accepted,
        workspaceUrl: this.notifier.url('/dashboard/my-applications'),
      },
    });
  }
}

/**
 * MilestoneOverdue → both sides, once: the student that work is due, the company that its student
 * is late (in the app and by email). Nothing if it was handed in or accepted meanwhile.
 */
@HandlesEvent({ event: 'MilestoneOverdue', name: 'remindBoth', queue: 'notifications' })
export class MilestoneOverdueHandler extends MarketplaceNotice implements EventHandler<'MilestoneOverdue'> {
  async handle(event: PublishedEvent<'MilestoneOverdue'>, ctx: HandlerContext) {
    const item = await this.records.workItem({ milestoneId: event.payload.milestoneId });
    if (!item?.student_id || item.status !== 'accepted') return 'skipped';
    if (item.milestone_status !== 'open' && item.milestone_status !== 'changes-requested') return 'skipped';
    const [company, student] = await Promise.all([
      this.accounts.recipient(item.company_id),
      this.accounts.recipient(item.student_id),
    ]);
    const facts = { projectId: item.project_id, projectTitle: item.title, milestoneTitle: item.milestone_title };
    const mail = { projectTitle: item.title, milestoneTitle: item.milestone_title, dueOn: item.due_on };
    if (student) {
      await this.notifier.tell(`${ctx.jobKey}:student`, student, {
        kind: 'milestone-overdue',
        facts: { ...facts, companyName: item.company_name },
        about: item.company_id,
        mail: 'MilestoneOverdue',
        props: {
          ...mail,
          side: 'student',
          otherName: item.company_name,
          workspaceUrl: this.notifier.url('/dashboard/my-applications'),
        },
      });
    }
    if (company) {
      await this.notifier.tell(`${ctx.jobKey}:company`, company, {
        kind: 'milestone-overdue',
        facts: { ...facts, studentName: student?.fullName },
        about: item.student_id,
        mail: 'MilestoneOverdue',
        props: {
          ...mail,
          side: 'company',
          otherName: student?.fullName ?? '',
          workspaceUrl: this.companyProjectUrl(item.project_id),
        },
      });
    }
    return 'done';
  }
}

/** EngagementEnded → the student: complete, or ended early with the company's reason; reviews are open. */
@HandlesEvent({ event: 'EngagementEnded', name: 'tellStudent', queue: 'notifications' })
export class EngagementEndedHandler extends MarketplaceNotice implements EventHandler<'EngagementEnded'> {
  async handle(event: PublishedEvent<'EngagementEnded'>, ctx: HandlerContext) {
    const item = await this.records.engagementItem(event.payload.applicationId);
    if (!item?.student_id) return 'skipped';
    const student = await this.accounts.recipient(item.student_id);
    if (!student) return 'skipped';
    const completed = item.outcome === 'completed';
    return this.notifier.tell(ctx.jobKey, student, {
      kind: 'engagement-ended',
      facts: {
        projectId: item.project_id,
        projectTitle: item.title,
        companyName: item.company_name,
        approved: completed,
        ...(item.reason ? { reason: item.reason } : {}),
      },
      about: item.company_id,
      mail: 'EngagementEnded',
      props: {
        companyName: item.company_name,
        projectTitle: item.title,
        completed,
        reason: item.reason,
        workspaceUrl: this.notifier.url('/dashboard/my-applications'),
      },
    });
  }
}

/**
 * ReviewWritten → the side it is about, in the app: write yours to read it (it shows in 14 days
 * anyway), or both reviews now show.
 */
@HandlesEvent({ event: 'ReviewWritten', name: 'tellOtherSide', queue: 'notifications' })
export class ReviewWrittenHandler extends MarketplaceNotice implements EventHandler<'ReviewWritten'> {
  async handle(event: PublishedEvent<'ReviewWritten'>, ctx: HandlerContext) {
    const item = await this.records.reviewItem(event.payload.reviewId);
    if (!item?.student_id || !item.company_id) return 'skipped';
    const [reader, authorId] =
      item.author === 'company' ? [item.student_id, item.company_id] : [item.company_id, item.student_id];
    const [to, author] = await Promise.all([this.accounts.recipient(reader), this.accounts.recipient(authorId)]);
    if (!to) return 'skipped';
    await this.notifier.inbox.add(
      ctx.jobKey,
      reader,
      'review-written',
      {
        projectId: item.project_id,
        projectTitle: item.title,
        senderName: item.author === 'company' ? item.company_name : (author?.fullName ?? ''),
        approved: Number(item.answered) > 0,
      },
      authorId,
    );
    return 'done';
  }
}

/**
 * ProjectReviewed (approved) → the students whose saved searches match it, once each (search_alerts'
 * key): in the app for those who asked; the daily digest picks it up for those who asked for email.
 */
@HandlesEvent({ event: 'ProjectReviewed', name: 'alertSavedSearches', queue: 'notifications' })
export class SearchMatchHandler extends MarketplaceNotice implements EventHandler<'ProjectReviewed'> {
  async handle(event: PublishedEvent<'ProjectReviewed'>) {
    const project = await this.records.project(event.payload.projectId);
    if (project?.status !== 'open') return 'skipped';
    const alerted = await this.records.alertSavedSearches(project.id);
    for (const { userId, instant } of alerted) {
      if (!instant) continue;
      // Keyed by student and project: a retry, another worker or a second approval tells nobody twice.
      await this.notifier.inbox.add(
        `search-match:${project.id}`,
        userId,
        'search-match',
        { projectId: project.id, projectTitle: project.title, companyName: project.company_name },
        project.company_id,
      );
    }
    return 'done';
  }
}

/** SearchDigestDue → the student's daily email of the day's matching projects (still open, not applied to). */
@HandlesEvent({ event: 'SearchDigestDue', name: 'emailStudent', queue: 'notifications' })
export class SearchDigestHandler extends MarketplaceNotice implements EventHandler<'SearchDigestDue'> {
  async handle(event: PublishedEvent<'SearchDigestDue'>, ctx: HandlerContext) {
    const student = await this.accounts.recipient(event.payload.userId);
    if (!student) return 'skipped';
    const projects = await this.records.searchDigest(student.id, event.payload.claim);
    if (!projects.length) return 'skipped';
    await this.notifier.mail(ctx.jobKey, student, 'SearchDigest', {
      projects: projects.map((p) => ({
        title: p.title,
        companyName: p.company_name,
        url: this.notifier.url(`/dashboard/browse-projects?project=${p.id}`),
      })),
      browseUrl: this.notifier.url('/dashboard/browse-projects'),
    });
    return 'done';
  }
}

export const MARKETPLACE_NOTICE_HANDLERS = [
  ProjectReviewedHandler,
  ApplicationSubmittedHandler,
  ApplicationWithdrawnHandler,
  ApplicationStatusChangedHandler,
  ProjectSubmittedHandler,
  MessageSentHandler,
  DeadlinePassedHandler,
  ProjectModeratedHandler,
  CompanyDigestHandler,
  ProjectClosedHandler,
  MilestoneSetHandler,
  MilestoneChangedHandler,
  DeliverableSubmittedHandler,
  DeliverableReviewedHandler,
  MilestoneOverdueHandler,
  EngagementEndedHandler,
  ReviewWrittenHandler,
  SearchMatchHandler,
  SearchDigestHandler,
];
