import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { AssessmentCompleted, OnboardingCompleted } from '../events/event-catalogue.js';
import { IdentityService } from '../identity/identity.service.js';
import { AssessmentSchema } from './onboarding.entities.js';
import type { AssessmentBody, StudentInfoBody } from './onboarding.schemas.js';
import { ASSESSMENT_VERSION, scoreAnswers } from './question-bank.js';

@Injectable()
export class OnboardingService {
  constructor(
    private readonly orm: MikroORM,
    private readonly identity: IdentityService,
    private readonly outbox: OutboxService,
  ) {}

  /** Spec §4: finishing the student step sets onboardingComplete and sends the onboarding email. */
  async saveStudentInfo(userId: string, body: z.output<typeof StudentInfoBody>) {
    return this.orm.em.fork().transactional(async (tx) => {
      const { user, first } = await this.identity.saveStudentProfile(tx, userId, {
        school: body.school,
        graduationYear: body.graduationYear,
        whatsapp: body.whatsapp ?? null,
        linkedin: body.linkedin ?? null,
      });
      if (first) this.outbox.publish(tx, new OnboardingCompleted({ userId }));
      return user;
    });
  }

  async completeCompany(userId: string) {
    return this.orm.em.fork().transactional(async (tx) => {
      const { user, first } = await this.identity.completeCompanyOnboarding(tx, userId);
      if (first) this.outbox.publish(tx, new OnboardingCompleted({ userId }));
      return user;
    });
  }

  async submitAssessment(userId: string, body: z.output<typeof AssessmentBody>) {
    if (body.version !== ASSESSMENT_VERSION) {
      throw new DomainError('assessment-outdated', 'The assessment has changed. Reload the page to take the current one.', 409);
    }
    const { scores, overall } = scoreAnswers(body.answers);
    return this.orm.em.fork().transactional(async (tx) => {
      const existing = await tx.findOne(AssessmentSchema, { userId });
      const row = existing ?? tx.create(AssessmentSchema, { id: randomUUID(), userId, version: ASSESSMENT_VERSION, answers: {}, scores: {}, overall: 0, skills: [], completedAt: new Date() });
      Object.assign(row, { version: ASSESSMENT_VERSION, answers: body.answers, scores, overall, skills: body.skills, completedAt: new Date() });
      tx.persist(row);
      await this.identity.markAssessmentComplete(tx, userId);
      this.outbox.publish(tx, new AssessmentCompleted({ userId }));
      await tx.flush();
      return row;
    });
  }

  getAssessment(userId: string) {
    return this.orm.em.fork().findOne(AssessmentSchema, { userId });
  }

  /** Erasure: the person's assessment (answers, scores, skills). */
  async erase(em: EntityManager, userId: string) {
    await em.execute(`delete from assessments where user_id = ?`, [userId]);
  }
}
