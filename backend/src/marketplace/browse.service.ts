import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { BrowseQuery, StudentProject } from '@mashrou/contracts';
import type { z } from 'zod';
import { NotFoundError } from '../common/errors.js';
import type { User } from '../identity/index.js';
import { AssessmentService } from '../onboarding/index.js';
import { ApplicationSchema, ProjectSchema } from './marketplace.entities.js';
import { browse, type MarketplaceDB } from './marketplace.queries.js';
import { applicationView, projectRowView, projectView } from './views.js';

/** What a student finds: open projects by text, skill, mode, pay and length, sorted; one open project with their application. */
@Injectable()
export class BrowseService {
  constructor(
    private readonly orm: MikroORM,
    private readonly assessments: AssessmentService,
  ) {}

  async browse(student: User, q: z.output<typeof BrowseQuery>) {
    const em = this.orm.em.fork();
    // Best match is the overlap with the skills from the student's assessment.
    const skills = q.sort === 'match' ? ((await this.assessments.get(student.id))?.skills ?? []) : [];
    const { rows, total, capped } = await browse(em.getKysely<MarketplaceDB>({ convertValues: true }), student.id, q, skills);
    const items = rows.map((r) => ({ ...projectRowView(r), applied: r.applied, match: r.match }));
    return { items, total, totalIsCapped: capped, page: q.page, pageSize: q.pageSize };
  }

  async project(studentId: string, id: string): Promise<StudentProject> {
    const em = this.orm.em.fork();
    const project = await em.findOne(ProjectSchema, { id, status: 'open' });
    if (!project) throw new NotFoundError('project-not-found', 'This project does not exist or is no longer open.');
    const application = await em.findOne(ApplicationSchema, { projectId: id, studentId });
    return { ...projectView(project), application: application ? applicationView(application) : undefined };
  }
}
