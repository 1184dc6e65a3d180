import { Inject, Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { UpdateProfileBody, Unsubscription } from '@mashrou/contracts';
import type { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { readUnsubscribeToken } from '../common/unsubscribe-token.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { UserSchema, type User } from './identity.entities.js';
import { SessionsService } from './sessions.service.js';

/** A person's own record: what they edit in Settings, and what onboarding completes. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * An unsubscribe link's account and kind, and whether that kind is off now. A forged, damaged or
   * outdated link (its account erased) is one answer, so a link tells nothing about who has an account.
   */
  async unsubscription(token: string, change?: 'off' | 'on'): Promise<Unsubscription> {
    const read = readUnsubscribeToken(this.config.appSecret, token);
    const em = this.orm.em.fork();
    const user = read ? await em.findOne(UserSchema, { id: read.userId }) : null;
    if (!read || !user) throw new DomainError('invalid-unsubscribe-link', 'This unsubscribe link is not valid.', 400);
    const { kind } = read;
    if (change) {
      if (kind === 'all') user.emailNotifications = change === 'on';
      else user.emailOff = change === 'off' ? [...new Set([...user.emailOff, kind])] : user.emailOff.filter((k) => k !== kind);
      await em.flush();
      this.sessions.changed(user.id);
    }
    const off = kind === 'all' ? !user.emailNotifications : user.emailOff.includes(kind);
    return { kind, email: maskEmail(user.email), off };
  }

  async update(userId: string, patch: z.output<typeof UpdateProfileBody>) {
    const em = this.orm.em.fork();
    const user = await em.findOneOrFail(UserSchema, { id: userId });
    if (patch.fullName !== undefined) user.fullName = patch.fullName;
    if (patch.companyName !== undefined) {
      if (user.userType !== 'startup') throw new DomainError('not-a-company', 'Only company accounts have a company name.', 422);
      user.companyName = patch.companyName;
    }
    if (patch.emailNotifications !== undefined) user.emailNotifications = patch.emailNotifications;
    if (patch.emailOff !== undefined) user.emailOff = patch.emailOff;
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

/** `layla@example.com` → `l****@example.com`: enough to recognise one's own address, not to learn another's. */
const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? email : `${email[0] ?? ''}${'*'.repeat(Math.max(at - 1, 1))}${email.slice(at)}`;
};
