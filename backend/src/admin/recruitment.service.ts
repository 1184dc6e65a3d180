import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ConflictError, NotFoundError } from '../common/errors.js';
import { containsPattern } from '../common/sql.js';
import { CandidateInvited } from '../events/event-catalogue.js';
import { OutboxService } from '../events/outbox.service.js';
import type { User } from '../identity/identity.entities.js';
import { writeAudit } from './audit.js';
import {
  PROJECT_WEIGHTS, STUDENT_WEIGHTS, anyWordQuery, candidatesSql, reasonText, skillsReason, studentReasons, type CandidateFilters, type Reason,
} from './ranking.js';

type Row = Record<string, unknown>;
const SEP = '\u001f';
const pts = (v: unknown) => Math.round(Number(v) * 10) / 10;

/** AI Recruitment: students ranked for a project, projects ranked for a student, invitations. */
@Injectable()
export class RecruitmentService {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Runs one ranking query. JIT is off for it: the planner's cost for scoring every student is high
   * enough to trigger JIT compilation, which took ~0.85 s of a 1.3 s query at 20k students.
   */
  private rank(sql: string, params: unknown[]) {
    return this.orm.em.fork().transactional(async (tx) => {
      await tx.execute('set local jit = off');
      return tx.execute<Row[]>(sql, params);
    });
  }

  /** Open projects to pick from (newest first), optionally by title. */
  async openProjects(q: string | undefined) {
    const rows = await this.orm.em.fork().execute<Row[]>(
      `select id, title, company_name, skills from projects
        where status = 'open' ${q ? `and title ilike ?` : ''} order by created_at desc limit 20`,
      q ? [containsPattern(q)] : [],
    );
    return rows.map((r) => ({ id: r.id as string, title: r.title as string, companyName: r.company_name as string, skills: r.skills as string[] }));
  }

  private async project(id: string) {
    const [p] = await this.orm.em.fork().execute<Row[]>(`select id, title, company_name, skills, status, description from projects where id = ?`, [id]);
    if (!p) throw new NotFoundError('project-not-found', 'This project does not exist.');
    return p;
  }

  async candidates(projectId: string, q: CandidateFilters, only?: string) {
    const p = await this.project(projectId);
    if (p.status !== 'open') throw new ConflictError('project-not-open', 'Only open projects can be matched with students.');
    const query = anyWordQuery([p.title as string, ...(p.skills as string[])]);
    const { sql, params } = candidatesSql(projectId, query, q, only);
    const rows = await this.rank(sql, params);
    return {
      project: { id: p.id as string, title: p.title as string, companyName: p.company_name as string, skills: p.skills as string[] },
      weights: STUDENT_WEIGHTS,
      total: rows.length ? Number(rows[0].total) : 0,
      page: q.page,
      pageSize: q.pageSize,
      items: rows.map((r) => {
        const matchedSkills = [...(r.matched_skills as string[])].sort();
        const parts = { skills: pts(r.skill_pts), text: pts(r.text_pts), assessment: pts(r.assessment_pts), graduation: pts(r.grad_pts), availability: pts(r.avail_pts) };
        return {
          id: r.id as string,
          fullName: r.full_name as string,
          email: r.email as string,
          school: (r.school as string | null) ?? undefined,
          graduationYear: (r.graduation_year as number | null) ?? undefined,
          assessment: (r.overall as number | null) ?? undefined,
          score: r.score as number,
          parts,
          reasons: studentReasons({
            matched: matchedSkills.length,
            wanted: r.wanted as number,
            matchedSkills,
            textPoints: parts.text,
            overall: (r.overall as number | null) ?? null,
            graduationYear: (r.graduation_year as number | null) ?? null,
            busy: r.busy as boolean,
            applicationStatus: (r.application_status as string | null) ?? null,
          }),
          applied: r.application_status !== null,
          invitedAt: r.invited_at ? new Date(r.invited_at as string).toISOString() : undefined,
        };
      }),
    };
  }

  /** Students to pick from, by name or email. */
  async findStudents(q: string | undefined) {
    const like = containsPattern((q ?? '').toLowerCase());
    const rows = await this.orm.em.fork().execute<Row[]>(
      `select id, full_name, email, school from users
        where user_type = 'student' and (email_normalized like ? or lower(full_name) like ?)
        order by created_at desc limit 20`,
      [like, like],
    );
    return rows.map((r) => ({ id: r.id as string, fullName: r.full_name as string, email: r.email as string, school: (r.school as string | null) ?? undefined }));
  }

  /** The other way round: open projects that fit one student best. */
  async projectsFor(studentId: string, page: number, pageSize: number) {
    const em = this.orm.em.fork();
    const [s] = await em.execute<Row[]>(
      `select u.id, u.full_name, u.school, u.graduation_year, coalesce(a.skills, '{}') as skills, a.overall
         from users u left join assessments a on a.user_id = u.id where u.id = ? and u.user_type = 'student'`,
      [studentId],
    );
    if (!s) throw new NotFoundError('user-not-found', 'This student does not exist.');
    const skills = s.skills as string[];
    const query = anyWordQuery([...skills, (s.school as string | null) ?? '']);
    const student = {
      id: s.id as string, fullName: s.full_name as string, school: (s.school as string | null) ?? undefined,
      graduationYear: (s.graduation_year as number | null) ?? undefined, skills, assessment: (s.overall as number | null) ?? undefined,
    };
    if (!query) return { student, weights: PROJECT_WEIGHTS, total: 0, page, pageSize, items: [] };
    const W = PROJECT_WEIGHTS;
    const rows = await this.rank(
      `with q as (select to_tsquery('simple', ?) as q),
       me as (select array(select distinct lower(x) from unnest(string_to_array(?, chr(31))) x) as skills),
       cand as (
         select p.id, p.title, p.company_name, p.skills, p.created_at, p.deadline, p.work_mode, p.paid,
                array(select lower(x) from unnest(p.skills) x intersect select unnest(me.skills)) as matched_skills,
                cardinality(p.skills) as wanted,
                ts_rank(p.search, q.q) as rank,
                exists (select 1 from applications x where x.project_id = p.id and x.student_id = ?) as applied
           from projects p cross join q cross join me
          where p.status = 'open' and (p.deadline is null or p.deadline >= current_date) and p.search @@ q.q
       ), scored as (
         select cand.*,
                case when wanted = 0 then 0 else ${W.skills}.0 * cardinality(matched_skills) / wanted end as skill_pts,
                case when max(rank) over () > 0 then ${W.text}.0 * rank / max(rank) over () else 0 end as text_pts,
                greatest(0, ${W.freshness}.0 * (1 - extract(epoch from now() - created_at) / (60 * 86400))) as fresh_pts
           from cand
       )
       select *, round(skill_pts + text_pts + fresh_pts)::int as score, count(*) over () as total
         from scored order by score desc, created_at desc, id limit ? offset ?`,
      [query, skills.join(SEP), studentId, pageSize, (page - 1) * pageSize],
    );
    return {
      student,
      weights: W,
      total: rows.length ? Number(rows[0].total) : 0,
      page,
      pageSize,
      items: rows.map((r) => {
        const matched = [...(r.matched_skills as string[])].sort();
        const wanted = r.wanted as number;
        const parts = { skills: pts(r.skill_pts), text: pts(r.text_pts), freshness: pts(r.fresh_pts) };
        return {
          id: r.id as string,
          title: r.title as string,
          companyName: r.company_name as string,
          skills: r.skills as string[],
          score: r.score as number,
          parts,
          applied: r.applied as boolean,
          reasons: [
            skillsReason(matched, wanted),
            { code: 'text', points: Math.round(parts.text), of: W.text },
            { code: 'posted', date: new Date(r.created_at as string).toISOString().slice(0, 10) },
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
    if (!candidate) throw new NotFoundError('user-not-found', 'This student does not exist or cannot be invited (inactive or unverified).');
    if (candidate.applied) throw new ConflictError('already-applied', 'This student has already applied to this project.');
    const id = randomUUID();
    try {
      await this.orm.em.fork().transactional(async (tx) => {
        await tx.execute(
          `insert into invitations (id, project_id, student_id, invited_by, score, reasons) values (?, ?, ?, ?, ?, ?::jsonb)`,
          [id, projectId, studentId, admin.id, candidate.score, JSON.stringify(candidate.reasons.map(reasonText))],
        );
        this.outbox.publish(tx, new CandidateInvited({ invitationId: id }));
        await writeAudit(tx, admin, 'candidate.invited', { type: 'user', id: studentId, label: candidate.email }, { projectId, project: ranked.project.title, score: candidate.score });
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        throw new ConflictError('already-invited', 'This student was already invited to this project.');
      }
      throw err;
    }
    return { id, projectId, studentId, score: candidate.score, invitedAt: new Date().toISOString() };
  }
}
