import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { UpdateProfileBody } from '@mashrou/contracts';
import type { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { UserSchema, type User } from './identity.entities.js';
import { SessionsService } from './sessions.service.js';

/** A person's own record: what they edit in Settings, and what onboarding completes. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: SessionsService,
  ) {}

  async update(userId: string, patch: z.output<typeof UpdateProfileBody>) {
    const em = this.orm.em.fork();
    const user = await em.findOneOrFail(UserSchema, { id: userId });
    if (patch.fullName !== undefined) user.fullName = patch.fullName;
    if (patch.companyName !== undefined) {
      if (user.userType !== 'startup') throw new DomainError('not-a-company', 'Only company accounts have a company name.', 422);
      user.companyName = patch.companyName;
    }
    if (patch.emailNotifications !== undefined) user.emailNotifications = patch.emailNotifications;
    if (patch.locale !== undefined) user.locale = patch.locale;
    await em.flush();
    this.sessions.changed(userId);
    return user;
  }

  /** The student info form (in onboarding's transaction); says whether onboarding completed just now. */
  async saveStudentInfo(
    em: EntityManager,
    userId: string,
    fields: { school: string; graduationYear: number; whatsapp: string | null; linkedin: string | null },
  ) {
    const user = await em.findOneOrFail(UserSchema, { id: userId });
    Object.assign(user, fields);
    return this.markOnboarded(user);
  }

  /** The company's Book a Call step is done (in onboarding's transaction). */
  async completeCompany(em: EntityManager, userId: string) {
    return this.markOnboarded(await em.findOneOrFail(UserSchema, { id: userId }));
  }

  /** Returns whether onboarding became complete just now (so the event is published once). */
  private markOnboarded(user: User) {
    this.sessions.changed(user.id);
    const first = !user.onboardingComplete;
    user.onboardingComplete = true;
    return { user, first };
  }

  async markAssessmentComplete(em: EntityManager, userId: string) {
    await em.nativeUpdate(UserSchema, { id: userId }, { assessmentComplete: true, updatedAt: new Date() });
    this.sessions.changed(userId);
  }
}
