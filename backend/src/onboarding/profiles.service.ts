import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { MikroORM, type EntityManager, type InferKyselyDB } from '@mikro-orm/postgresql';
import type { CompanyProfile, CompanyProfileBody, StudentInfoBody, StudentProfile, StudentProfileBody } from '@mashrou/contracts';
import type { z } from 'zod';
import { ConflictError } from '../common/errors.js';
import { OutboxService } from '../events/outbox.service.js';
import { OnboardingCompleted } from '../events/event-catalogue.js';
import { AccountsService, ProfileService } from '../identity/index.js';
import { StorageService, type StorageDB } from '../storage/index.js';
import { AssessmentService } from './assessment.service.js';
import { CompanyProfileSchema, StudentProfileSchema } from './onboarding.entities.js';

type DB = InferKyselyDB<typeof StudentProfileSchema | typeof CompanyProfileSchema>;

const assessmentRequired = () =>
  new ConflictError('assessment-required', 'Take the assessment first: your skills are kept with its result.');

const companyView = (
  r: { about: string | null; website: string | null; location: string | null; size: string | null } | undefined,
) =>
  ({
    about: r?.about ?? undefined,
    website: r?.website ?? undefined,
    location: r?.location ?? undefined,
    size: (r?.size ?? undefined) as CompanyProfile['size'],
  }) satisfies CompanyProfile;

/**
 * Profiles, editable at any time: a student's info, bio, skills and the CV kept on the profile;
 * a company's about, website, location and size. The student info form's fields stay identity's
 * (`users`), the skills stay with the assessment; this module keeps the rest (`student_profiles`,
 * `company_profiles`).
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly orm: MikroORM,
    private readonly accounts: AccountsService,
    private readonly profile: ProfileService,
    private readonly assessments: AssessmentService,
    private readonly storage: StorageService,
    private readonly outbox: OutboxService,
  ) {}

  private db(em: EntityManager = this.orm.em) {
    return em.getKysely<DB>({ convertValues: true });
  }

  async student(userId: string): Promise<StudentProfile> {
    const [people, own, assessment] = await Promise.all([
      this.accounts.profiles([userId]),
      this.db().selectFrom('student_profiles').select(['bio', 'cv_file_id']).where('user_id', '=', userId).executeTakeFirst(),
      this.assessments.get(userId),
    ]);
    const person = people.get(userId);
    // A CV deleted through the files api is simply no longer on the profile.
    const cv = own?.cv_file_id ? await this.storage.describe(userId, own.cv_file_id) : null;
    return {
      school: person?.school ?? undefined,
      graduationYear: person?.graduationYear ?? undefined,
      whatsapp: person?.whatsapp ?? undefined,
      linkedin: person?.linkedin ?? undefined,
      bio: own?.bio ?? undefined,
      skills: assessment?.skills ?? [],
      assessmentTaken: assessment !== null,
      cv,
    };
  }

  /** Spec §4: the sign-up's student step; the first time, onboarding is complete and the onboarding email goes. */
  saveStudentInfo(userId: string, body: z.output<typeof StudentInfoBody>) {
    return this.orm.em.fork().transactional((tx) => this.saveInfo(tx, userId, body));
  }

  /** The company's Book a Call step: onboarding complete, the first time with its email. */
  completeCompany(userId: string) {
    return this.orm.em.fork().transactional(async (tx) => {
      const { user, first } = await this.profile.completeCompany(tx, userId);
      if (first) this.outbox.publish(tx, new OnboardingCompleted({ userId }));
      return user;
    });
  }

  private async saveInfo(tx: EntityManager, userId: string, body: z.output<typeof StudentInfoBody>) {
    const { user, first } = await this.profile.saveStudentInfo(tx, userId, {
      school: body.school,
      graduationYear: body.graduationYear,
      whatsapp: body.whatsapp ?? null,
      linkedin: body.linkedin ?? null,
    });
    if (first) this.outbox.publish(tx, new OnboardingCompleted({ userId }));
    return user;
  }

  /** Saves the whole profile in one transaction (the info form's fields complete onboarding if not yet done). */
  async saveStudent(userId: string, body: z.output<typeof StudentProfileBody>) {
    await this.orm.em.fork().transactional(async (tx) => {
      await this.saveInfo(tx, userId, body);
      if (body.skills && !(await this.assessments.setSkills(tx, userId, body.skills))) throw assessmentRequired();
      await this.db(tx)
        .insertInto('student_profiles')
        .values({ user_id: userId, bio: body.bio ?? null, updated_at: new Date() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ bio: body.bio ?? null, updated_at: new Date() }))
        .execute();
    });
    return this.student(userId);
  }

  /** One of the student's own files becomes the profile CV; the one it replaces is deleted unless it was sent. */
  async setCv(userId: string, fileId: string | null) {
    const previous = await this.orm.em.fork().transactional(async (tx) => {
      if (fileId)
        await this.storage.assertOwned(tx.getKysely<StorageDB>({ convertValues: true }), userId, fileId, ['application/pdf']);
      // The row exists before it is locked, so two first-time changes take turns too.
      await this.db(tx)
        .insertInto('student_profiles')
        .values({ user_id: userId, updated_at: new Date() })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const before = await this.db(tx)
        .selectFrom('student_profiles')
        .select('cv_file_id')
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      await this.db(tx)
        .insertInto('student_profiles')
        .values({ user_id: userId, cv_file_id: fileId, updated_at: new Date() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ cv_file_id: fileId, updated_at: new Date() }))
        .execute();
      return before?.cv_file_id ?? null;
    });
    // After commit: a failure here leaves an unused file in the student's storage, never a profile without its CV.
    if (previous && previous !== fileId) await this.storage.removeUnlessShared(userId, previous).catch(() => false);
    return this.student(userId);
  }

  /** Companies' profiles for students' project pages (read on every one), reused for 30 s. */
  private readonly cards = new LRUCache<string, CompanyProfile>({ max: 5_000, ttl: 30_000 });

  /** Whether this file is the CV kept on the student's profile. */
  async isCv(userId: string, fileId: string) {
    const row = await this.db()
      .selectFrom('student_profiles')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('cv_file_id', '=', fileId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async company(userId: string): Promise<CompanyProfile> {
    return companyView(
      await this.db()
        .selectFrom('company_profiles')
        .select(['about', 'website', 'location', 'size'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
  }

  /**
   * A company's profile for students' project pages: kept for 30 s per process, so a project page
   * stays one round trip; a change reaches students within that time (the company's own view is never cached).
   */
  async companyCard(companyId: string): Promise<CompanyProfile> {
    const hit = this.cards.get(companyId);
    if (hit) return hit;
    const card = await this.company(companyId);
    this.cards.set(companyId, card);
    return card;
  }

  /** Replaces the company's profile: a field left out is cleared. */
  async saveCompany(userId: string, body: z.output<typeof CompanyProfileBody>) {
    const fields = {
      about: body.about ?? null,
      website: body.website ?? null,
      location: body.location ?? null,
      size: body.size ?? null,
      updated_at: new Date(),
    };
    await this.db()
      .insertInto('company_profiles')
      .values({ user_id: userId, ...fields })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
      .execute();
    this.cards.delete(userId);
    return this.company(userId);
  }

  /** Several students' bios at once (a project's applicants). */
  async bios(userIds: string[]) {
    if (!userIds.length) return new Map<string, string>();
    const rows = await this.db()
      .selectFrom('student_profiles')
      .select(['user_id', 'bio'])
      .where('user_id', 'in', userIds)
      .where('bio', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [r.user_id, r.bio ?? '']));
  }

  /** Erasure: the person's profile rows (the CV file itself goes with their files). */
  async erase(em: EntityManager, userId: string) {
    await this.db(em).deleteFrom('student_profiles').where('user_id', '=', userId).execute();
    await this.db(em).deleteFrom('company_profiles').where('user_id', '=', userId).execute();
  }
}
