import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import type { AssessmentBody } from '@mashrou/contracts';
import type { z } from 'zod';
import { DomainError, ValidationError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { AssessmentCompleted } from '../events/event-catalogue.js';
import { ProfileService } from '../identity/index.js';
import { AssessmentSchema } from './onboarding.entities.js';
import { ASSESSMENT_VERSION, answerProblems, scoreAnswers } from './question-bank.js';

type DB = InferKyselyDB<typeof AssessmentSchema>;

/** A student's result as other modules see it. */
export interface AssessmentSummary {
  userId: string;
  overall: number;
  scores: Record<string, number>;
  skills: string[];
}

/** The skills assessment: a versioned question bank in code, scored on the server. */
@Injectable()
export class AssessmentService {
  constructor(
    private readonly orm: MikroORM,
    private readonly profile: ProfileService,
    private readonly outbox: OutboxService,
  ) {}

  async submit(userId: string, body: z.output<typeof AssessmentBody>) {
    const problems = answerProblems(body.answers);
    if (problems.length) throw new ValidationError({ answers: problems });
    if (body.version !== ASSESSMENT_VERSION) {
      throw new DomainError('assessment-outdated', 'The assessment has changed. Reload the page to take the current one.', 409);
    }
    const { scores, overall } = scoreAnswers(body.answers);
    return this.orm.em.fork().transactional(async (tx) => {
      const existing = await tx.findOne(AssessmentSchema, { userId });
      const result = {
        version: ASSESSMENT_VERSION,
        answers: body.answers,
        scores,
        overall,
        skills: body.skills,
        completedAt: new Date(),
      };
      const row = existing
        ? Object.assign(existing, result)
        : tx.create(AssessmentSchema, { id: randomUUID(), userId, ...result });
      tx.persist(row);
      await this.profile.markAssessmentComplete(tx, userId);
      this.outbox.publish(tx, new AssessmentCompleted({ userId }));
      await tx.flush();
      return row;
    });
  }

  get(userId: string) {
    return this.orm.em.fork().findOne(AssessmentSchema, { userId });
  }

  /** Several students' results at once (a project's applicants). */
  async summaries(userIds: string[]): Promise<Map<string, AssessmentSummary>> {
    if (!userIds.length) return new Map();
    const rows = await this.orm.em
      .fork()
      .getKysely<DB>({ convertValues: true })
      .selectFrom('assessments')
      .select(['user_id', 'overall', 'scores', 'skills'])
      .where('user_id', 'in', userIds)
      .execute();
    return new Map(rows.map((r) => [r.user_id, { userId: r.user_id, overall: r.overall, scores: r.scores, skills: r.skills }]));
  }

  /** The student edits their skills on the profile (in the caller's transaction); false when no assessment was taken. */
  async setSkills(em: EntityManager, userId: string, skills: string[]) {
    const r = await em
      .getKysely<DB>({ convertValues: true })
      .updateTable('assessments')
      .set({ skills })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /**
   * A student's overall score as an expression for another module's read-only query (null without
   * an assessment), so a list can be ordered by it in SQL: the other module composes it and never
   * names this module's table. `userId` is that query's column holding the student's id.
   */
  overallScoreOf(userId: RawBuilder<unknown>): RawBuilder<number | null> {
    return sql<number | null>`(select s.overall from assessments s where s.user_id = ${userId})`;
  }

  /** Erasure: the person's assessment (answers, scores, skills). */
  async erase(em: EntityManager, userId: string) {
    await em.getKysely<DB>({ convertValues: true }).deleteFrom('assessments').where('user_id', '=', userId).execute();
  }
}
