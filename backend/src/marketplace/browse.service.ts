import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { MikroORM } from '@mikro-orm/postgresql';
import type { BrowseQuery, StudentProject } from '@mashrou/contracts';
import type { z } from 'zod';
import { NotFoundError } from '../common/errors.js';
import type { User } from '../identity/index.js';
import { AssessmentService, ProfilesService } from '../onboarding/index.js';
import { browse, correctedQuery, projectForStudent } from './browse.queries.js';
import { companyRating } from './reviews.queries.js';
import type { MarketplaceDB } from './marketplace.db.js';
import { applicationRowView, projectRowView } from './views.js';
import { ResponseTimesService } from './response-times.service.js';

/** What a student finds: open projects by text, skill, mode, pay and length, sorted; one open project with their application. */
@Injectable()
export class BrowseService {
  /**
   * Counts by filters (not by student, sort or page): paging through results, or many students
   * browsing the same filters, reuse one count for 10 s instead of counting each time.
   */
  private readonly counts = new LRUCache<string, number>({ max: 5_000, ttl: 10_000 });

  constructor(
    private readonly orm: MikroORM,
    private readonly assessments: AssessmentService,
    private readonly profiles: ProfilesService,
    private readonly answers: ResponseTimesService,
  ) {}

  /**
   * A page of open projects. When a search without filters finds fewer than 3 on its first page, its
   * words that match nothing are corrected to the closest words of listings' titles and skills, and the corrected
   * search answers instead if it finds at least as many (`correctedQuery`: "Showing results for …").
   */
  async browse(student: User, q: z.output<typeof BrowseQuery>) {
    const found = await this.browseAs(student, q);
    // Only a plain search is corrected: with filters on, few results are what the filters chose.
    const filtered = q.skill !== undefined || q.mode !== undefined || q.paid !== undefined || q.maxWeeks !== undefined;
    if (!q.q || q.page !== 1 || found.total >= 3 || filtered) return found;
    const fixed = await correctedQuery(this.orm.em.getKysely<MarketplaceDB>(), q.q);
    if (!fixed) return found;
    const instead = await this.browseAs(student, { ...q, q: fixed });
    return instead.total > 0 && instead.total >= found.total ? { ...instead, correctedQuery: fixed } : found;
  }

  private async browseAs(student: User, q: z.output<typeof BrowseQuery>) {
    const em = this.orm.em.fork();
    // Best match is the overlap with the skills from the student's assessment.
    const skills = q.sort === 'match' ? ((await this.assessments.get(student.id))?.skills ?? []) : [];
    const key = JSON.stringify([q.q, q.skill, q.mode, q.paid, q.maxWeeks]);
    const fresh = this.counts.get(key);
    const sort = q.sort ?? (q.q ? 'relevance' : 'newest');
    const { rows, total, capped } = await browse(
      em.getKysely<MarketplaceDB>({ convertValues: true }),
      student.id,
      { ...q, sort },
      skills,
      fresh,
    );
    if (fresh === undefined) this.counts.set(key, capped ? total + 1 : total);
    const items = rows.map((r) => ({
      ...projectRowView(r),
      applied: r.applied,
      match: r.match,
      ...(r.title_marked !== undefined ? { highlight: { title: r.title_marked, excerpt: r.excerpt_marked ?? '' } } : {}),
    }));
    return { items, total, totalIsCapped: capped, page: q.page, pageSize: q.pageSize };
  }

  async project(studentId: string, id: string): Promise<StudentProject> {
    const row = await projectForStudent(this.orm.em.getKysely<MarketplaceDB>(), id, studentId);
    if (!row) throw new NotFoundError('project-not-found', 'This project does not exist or is no longer open.');
    const { application, ...project } = row;
    const [company, answers, rating] = project.company_id
      ? await Promise.all([
          this.profiles.companyCard(project.company_id),
          this.answers.of([project.company_id]),
          companyRating(this.orm.em.getKysely<MarketplaceDB>(), project.company_id),
        ])
      : [{}, new Map<string, number>(), undefined];
    const hours = project.company_id ? answers.get(project.company_id) : undefined;
    return {
      ...projectRowView(project),
      application: application ? applicationRowView(application) : undefined,
      company,
      companyAnswersInHours: hours === undefined ? undefined : Math.round(hours * 10) / 10,
      companyRating: rating,
    };
  }
}
