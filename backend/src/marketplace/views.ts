import type {
  Application as ApplicationView,
  ApplicationStatus,
  COMPANY_STATUSES,
  Project as ProjectView,
} from '@mashrou/contracts';
import type { Application, Project } from './marketplace.entities.js';
import type { ApplicationRow, ProjectRow } from './marketplace.db.js';
import { iso, type RawRow } from '../common/sql.js';

/** DESIGN §1: submitted → under_review → shortlisted → accepted / rejected; withdrawn by the student. */
type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_MOVES: Record<ApplicationStatus, CompanyStatus[]> = {
  submitted: ['under_review', 'shortlisted', 'rejected'],
  under_review: ['shortlisted', 'rejected'],
  shortlisted: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
  withdrawn: [],
};
/** The moves a company may make from `status`. */
export const nextStatuses = (status: ApplicationStatus) => COMPANY_MOVES[status];
export const isWithdrawable = (status: ApplicationStatus) => WITHDRAWABLE.includes(status);

/** Undecided applications: the company has said neither yes nor no (the student may still withdraw). */
export const UNDECIDED = ['submitted', 'under_review', 'shortlisted'] as const satisfies readonly ApplicationStatus[];
export const WITHDRAWABLE: ApplicationStatus[] = [...UNDECIDED];

export const projectView = (p: Project): ProjectView => ({
  id: p.id,
  title: p.title,
  companyName: p.companyName,
  description: p.description,
  requirements: p.requirements,
  skills: p.skills,
  responsibilities: p.responsibilities,
  qualifications: p.qualifications,
  durationWeeks: p.durationWeeks,
  weeklyHours: p.weeklyHours,
  workMode: p.workMode,
  location: p.location ?? undefined,
  startDate: p.startDate ?? undefined,
  deadline: p.deadline ?? undefined,
  paid: p.paid,
  stipend: p.stipend ?? undefined,
  status: p.status,
  rejectionReason: p.rejectionReason ?? undefined,
  version: p.version,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** The same view from a raw `projects` row (a hand-written query), without building an entity. */
export const projectRowView = (r: ProjectRow | RawRow<ProjectRow>): ProjectView => ({
  id: r.id,
  title: r.title,
  companyName: r.company_name,
  description: r.description,
  requirements: r.requirements,
  skills: r.skills,
  responsibilities: r.responsibilities,
  qualifications: r.qualifications,
  durationWeeks: r.duration_weeks,
  weeklyHours: r.weekly_hours,
  workMode: r.work_mode,
  location: r.location ?? undefined,
  startDate: r.start_date ?? undefined,
  deadline: r.deadline ?? undefined,
  paid: r.paid,
  stipend: r.stipend ?? undefined,
  status: r.status,
  rejectionReason: r.rejection_reason ?? undefined,
  version: r.version,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export const applicationView = (a: Application): ApplicationView => ({
  id: a.id,
  hasCv: Boolean(a.cvFileId),
  projectId: a.projectId,
  projectTitle: a.projectTitle || 'Unknown Project',
  motivation: a.motivation,
  status: a.status,
  notes: a.notes ?? undefined,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

/** The same view from a raw `applications` row (a hand-written query, or one as JSON). */
export const applicationRowView = (a: RawRow<ApplicationRow>): ApplicationView => ({
  id: a.id,
  hasCv: Boolean(a.cv_file_id),
  projectId: a.project_id,
  projectTitle: a.project_title || 'Unknown Project',
  motivation: a.motivation,
  status: a.status,
  notes: a.notes ?? undefined,
  createdAt: iso(a.created_at),
  updatedAt: iso(a.updated_at),
});

/** The calendar day (UTC) of an instant, YYYY-MM-DD: deadlines are days, counted in UTC. */
export const today = (at = new Date()) => at.toISOString().slice(0, 10);
