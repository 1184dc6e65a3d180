import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { Candidates, PickProject, PickStudent, ProjectMatches, Reason } from '@mashrou/contracts';
import { sql, type RawBuilder } from 'kysely';
import { AuditService } from '../audit/index.js';
import { ConflictError, isUniqueViolation, NotFoundError } from '../common/errors.js';
import { CandidateInvited } from '../events/event-catalogue.js';
import { OutboxService } from '../events/outbox.service.js';
import { AccountsService, type User } from '../identity/index.js';
import { MarketplaceRecords } from '../marketplace/index.js';
import { AssessmentService } from '../onboarding/index.js';
import type { InvitationSchema } from './admin.entities.js';
import { PROJECT_WEIGHTS, STUDENT_WEIGHTS, anyWordQuery, skillsReason, studentReasons } from './ranking.js';
import { candidatesQuery, projectsForQuery, type CandidateFilters } from './ranking.queries.js';

type DB = InferKyselyDB<typeof InvitationSchema>;
const pts = (v: unknown) => Math.round(Number(v) * 10) / 10;

/** AI Recruitment: students ranked for a project, projects ranked for a student, invitations. */
@Injectable()
export class RecruitmentService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
    private readonly market: MarketplaceRecords,
    private readonly assessments: AssessmentService,
  ) {}

  /**
   * Runs one ranking query. JIT is off for it: the planner's cost for scoring every student is high
   * enough to trigger JIT compilation, which took ~0.85 s of a 1.3 s query at 20k students.
   */
  private rank<R>(query: RawBuilder<R>) {
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely();
      await sql`set local jit = off`.execute(db);
      return (await query.execute(db)).rows;
    });
  }

  /** Open projects to pick from (newest first), optionally by title. */
  async openProjects(title: string | undefined): Promise<PickProject[]> {
    const rows = await this.market.openProjects(title);
    return rows.map((r) => ({ id: r.id, title: r.title, companyName: r.company_name, skills: r.skills }));
  }

  /** Students to pick from, by name or email. */
  async findStudents(text: string | undefined): Promise<PickStudent[]> {
    const rows = await this.accounts.searchStudents(text);
    return rows.map((r) => ({ id: r.id, fullName: r.full_name, email: r.email, school: r.school ?? undefined }));
  }

  async candidates(projectId: string, q: CandidateFilters, only?: string): Promise<Candidates> {
    const p = await this.market.project(projectId);
    if (!p) throw new NotFoundError('project-not-found', 'This project does not exist.');
    if (p.status !== 'open') throw new ConflictError('project-not-open', 'Only open projects can be matched with students.');
    const rows = await this.rank(candidatesQuery(projectId, anyWordQuery([p.title, ...p.skills]), q, only));
    return {
      project: { id: p.id, title: p.title, companyName: p.company_name, skills: p.skills },
      weights: { ...STUDENT_WEIGHTS },
      total: rows[0] ? Number(rows[0].total) : 0,
      page: q.page,
      pageSize: q.pageSize,
      items: rows.map((r) => {
        const matchedSkills = [...r.matched_skills].sort();
        const parts = {
          skills: pts(r.skill_pts),
          text: pts(r.text_pts),
          assessment: pts(r.assessment_pts),
          graduation: pts(r.grad_pts),
          record: pts(r.record_pts),
          availability: pts(r.avail_pts),
        };
        return {
          id: r.id,
          fullName: r.full_name,
          email: r.email,
          school: r.school ?? undefined,
          graduationYear: r.graduation_year ?? undefined,
          assessment: r.overall ?? undefined,
          score: r.score,
          parts,
          reasons: studentReasons({
            matched: matchedSkills.length,
            wanted: r.wanted,
            matchedSkills,
            textPoints: parts.text,
            overall: r.overall,
            graduationYear: r.graduation_year,
            busy: r.busy,
            applicationStatus: r.application_status,
            completed: r.completed,
            rating: r.rating === null ? null : Number(r.rating),
          }),
          applied: r.application_status !== null,
          invitedAt: r.invited_at ? new Date(r.invited_at).toISOString() : undefined,
        };
      }),
    };
  }

  /** The other way round: open projects that fit one student best. */
  async projectsFor(studentId: string, page: number, pageSize: number): Promise<ProjectMatches> {
    const s = await this.accounts.find(studentId);
    if (s?.userType !== 'student') throw new NotFoundError('user-not-found', 'This student does not exist.');
    const assessment = await this.assessments.get(studentId);
    const skills = assessment?.skills ?? [];
    const query = anyWordQuery([...skills, s.school ?? '']);
    const student = {
      id: s.id,
      fullName: s.fullName,
      school: s.school ?? undefined,
      graduationYear: s.graduationYear ?? undefined,
      skills,
      assessment: assessment?.overall,
    };
    const W = PROJECT_WEIGHTS;
    if (!query) return { student, weights: { ...W }, total: 0, page, pageSize, items: [] };
    const rows = await this.rank(projectsForQuery(studentId, skills, query, page, pageSize));
    return {
      student,
      weights: { ...W },
      total: rows[0] ? Number(rows[0].total) : 0,
      page,
      pageSize,
      items: rows.map((r) => {
        const matched = [...r.matched_skills].sort();
        const parts = { skills: pts(r.skill_pts), text: pts(r.text_pts), freshness: pts(r.fresh_pts) };
        return {
          id: r.id,
          title: r.title,
          companyName: r.company_name,
          skills: r.skills,
          score: r.score,
          parts,
          applied: r.applied,
          reasons: [
            skillsReason(matched, r.wanted),
            { code: 'text', points: Math.round(parts.text), of: W.text },
            { code: 'posted', date: new Date(r.created_at).toISOString().slice(0, 10) },
            ...(r.applied ? [{ code: 'already-applied' } as const] : []),
          ] satisfies Reason[],
        };
      }),
    };
  }

  /** Invites a student to apply; once per project and student. Emits CandidateInvited. */
  async invite(admin: User, projectId: string, studentId: string) {
    const ranked = await this.candidates(projectId, { minScore: 0, notApplied: false, page: 1, pageSize: 1 }, studentId);
    const candidate = ranked.items[0];
    if (!candidate)
      throw new NotFoundError('user-not-found', 'This student does not exist or cannot be invited (inactive or unverified).');
    if (candidate.applied) throw new ConflictError('already-applied', 'This student has already applied to this project.');
    const id = randomUUID();
    const invitedAt = new Date();
    try {
      await this.orm.em.fork().transactional(async (tx) => {
        await tx
          .getKysely<DB>({ convertValues: true })
          .insertInto('invitations')
          .values({
            id,
            project_id: projectId,
            student_id: studentId,
            invited_by: admin.id,
            score: candidate.score,
            reasons: sql<Reason[]>`${JSON.stringify(candidate.reasons)}::jsonb`,
            created_at: invitedAt,
          })
          .execute();
        this.outbox.publish(tx, new CandidateInvited({ invitationId: id }));
        await this.audit.write(
          tx,
          admin,
          'candidate.invited',
          { type: 'user', id: studentId, label: candidate.email },
          { projectId, project: ranked.project.title, score: candidate.score },
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new ConflictError('already-invited', 'This student was already invited to this project.');
      }
      throw err;
    }
    return { id, projectId, studentId, score: candidate.score, invitedAt: invitedAt.toISOString() };
  }
}
