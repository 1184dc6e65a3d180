import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApplicationStatus, ProjectStatus } from './marketplace.entities.js';
import { ApplicationSchema, ProjectSchema } from './marketplace.entities.js';

/** A project of the older system, mapped to ours (`npm run import:legacy`). */
export interface LegacyProject {
  companyId: string | null;
  companyName: string;
  title: string;
  description: string;
  requirements: string[];
  skills: string[];
  responsibilities: string[];
  qualifications: string[];
  durationWeeks: number;
  weeklyHours: number;
  workMode: 'remote' | 'onsite' | 'hybrid';
  location: string | null;
  deadline: string | null;
  paid: boolean;
  stipend: number | null;
  status: ProjectStatus;
  /** Set when an open or pending project is imported closed (its company is not an active company). */
  closedBy?: 'deactivation' | null;
  createdAt: Date;
}

/** An application of the older system, mapped to ours. */
export interface LegacyApplication {
  projectId: string;
  studentId: string;
  /** Null: the project's own title. */
  projectTitle: string | null;
  motivation: string;
  status: ApplicationStatus;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Creates an imported project in the caller's transaction; no event (nobody is told again). */
export async function insertLegacyProject(em: EntityManager, p: LegacyProject) {
  const project = em.create(ProjectSchema, {
    id: randomUUID(),
    ...p,
    startDate: null,
    rejectionReason: null,
    reviewedAt: p.status === 'pending' || p.closedBy ? null : p.createdAt,
    closedBy: p.closedBy ?? null,
    closedAt: p.closedBy ? p.createdAt : null,
    updatedAt: p.createdAt,
  });
  em.persist(project);
  await em.flush();
  return project.id;
}

/**
 * Creates an imported application in the caller's transaction, or answers `'duplicate'` when the
 * student already applied to that project (one application per project and student).
 */
export async function insertLegacyApplication(em: EntityManager, a: LegacyApplication) {
  const project = await em.findOne(ProjectSchema, { id: a.projectId }, { fields: ['title'] });
  if (!project) return 'unknown-project' as const;
  if (await em.findOne(ApplicationSchema, { projectId: a.projectId, studentId: a.studentId }, { fields: ['id'] })) {
    return 'duplicate' as const;
  }
  const application = em.create(ApplicationSchema, {
    id: randomUUID(),
    ...a,
    projectTitle: a.projectTitle ?? project.title,
    cvFileId: null,
    firstResponseAt: a.status === 'submitted' || a.status === 'withdrawn' ? null : a.updatedAt,
    acceptedAt: a.status === 'accepted' ? a.updatedAt : null,
  });
  em.persist(application);
  await em.flush();
  return application.id;
}
