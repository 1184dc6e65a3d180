import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { StudentInfoBody } from '@mashrou/contracts';
import type { z } from 'zod';
import { OutboxService } from '../events/outbox.service.js';
import { OnboardingCompleted } from '../events/event-catalogue.js';
import { ProfileService } from '../identity/index.js';

/** The last sign-up step: the student info form, or the company's Book a Call (spec §2, §4). */
@Injectable()
export class OnboardingService {
  constructor(
    private readonly orm: MikroORM,
    private readonly profile: ProfileService,
    private readonly outbox: OutboxService,
  ) {}

  /** Spec §4: finishing the student step sets onboardingComplete and sends the onboarding email. */
  async saveStudentInfo(userId: string, body: z.output<typeof StudentInfoBody>) {
    return this.orm.em.fork().transactional(async (tx) => {
      const { user, first } = await this.profile.saveStudentInfo(tx, userId, {
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
      const { user, first } = await this.profile.completeCompany(tx, userId);
      if (first) this.outbox.publish(tx, new OnboardingCompleted({ userId }));
      return user;
    });
  }
}
