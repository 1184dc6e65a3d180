import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { OwnPortfolio, PortfolioSettingsBody, PublicPortfolio } from '@mashrou/contracts';
import { NotFoundError } from '../common/errors.js';
import { AccountsService, type User } from '../identity/index.js';
import { AssessmentService, ProfilesService } from '../onboarding/index.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { Db, MarketplaceDB } from './marketplace.db.js';
import { REVIEW_SHOWS } from './reviews.queries.js';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 60 random bits as 12 characters of base32: an address that says nothing about its student. */
const newSlug = () => Array.from(randomBytes(12), (b) => BASE32.charAt(b & 31)).join('');

/**
 * A student's portfolio: off until they publish it; then anyone with its address reads their name,
 * bio and skills, their assessment if they chose to show it, their completed projects with a valid
 * certificate, and the reviews of their work they chose — nothing else. Its address stays the same whatever they change.
 */
@Injectable()
export class PortfoliosService {
  constructor(
    private readonly orm: MikroORM,
    private readonly accounts: AccountsService,
    private readonly profiles: ProfilesService,
    private readonly assessments: AssessmentService,
    private readonly limits: RateLimitService,
  ) {}

  private db(): Db {
    return this.orm.em.fork().getKysely<MarketplaceDB>({ convertValues: true });
  }

  /** The companies' reviews of the student's work that show to them now (not hidden, both in or the window closed). */
  private reviewsOf(db: Db, studentId: string) {
    return db
      .selectFrom('reviews as r')
      .innerJoin('engagement_endings as e', 'e.application_id', 'r.application_id')
      .innerJoin('applications as a', 'a.id', 'r.application_id')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select(['r.id', 'r.overall', 'r.scores', 'r.body', 'r.created_at', 'p.title', 'p.company_name'])
      .where('a.student_id', '=', studentId)
      .where('r.author', '=', 'company')
      .where(REVIEW_SHOWS)
      .orderBy('r.created_at', 'desc')
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          id: r.id,
          projectTitle: r.title,
          companyName: r.company_name,
          overall: Number(r.overall),
          scores: r.scores,
          text: r.body,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      );
  }

  async own(user: User): Promise<OwnPortfolio> {
    const db = this.db();
    const [row, reviews] = await Promise.all([
      db.selectFrom('portfolios').selectAll().where('user_id', '=', user.id).executeTakeFirst(),
      this.reviewsOf(db, user.id),
    ]);
    return {
      // None until the first save (reading it changes nothing).
      slug: row?.slug ?? null,
      published: row?.published ?? false,
      noindex: row?.noindex ?? false,
      showAssessment: row?.show_assessment ?? false,
      // A chosen review that no longer shows (an admin hid it) is no longer chosen.
      reviewIds: (row?.review_ids ?? []).filter((id) => reviews.some((r) => r.id === id)),
      reviewsToChoose: reviews,
    };
  }

  async save(user: User, body: PortfolioSettingsBody): Promise<OwnPortfolio> {
    const db = this.db();
    const mine = new Set((await this.reviewsOf(db, user.id)).map((r) => r.id));
    const settings = {
      published: body.published,
      noindex: body.noindex,
      show_assessment: body.showAssessment,
      // Only reviews of their own work, once each.
      review_ids: [...new Set(body.reviewIds)].filter((id) => mine.has(id)),
      updated_at: new Date(),
    };
    // The first save gives it its address; later ones keep it.
    await db
      .insertInto('portfolios')
      .values({ user_id: user.id, slug: newSlug(), ...settings })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(settings))
      .execute();
    return this.own(user);
  }

  async read(slug: string, ip: string): Promise<PublicPortfolio> {
    await this.limits.enforce('too-many-requests', 'Too many pages read. Please wait a moment.', {
      key: `portfolios:read:${ip}`,
      max: 120,
      windowS: 60,
    });
    const db = this.db();
    const row = await db.selectFrom('portfolios').selectAll().where('slug', '=', slug).executeTakeFirst();
    if (!row?.published) throw new NotFoundError('portfolio-not-found', 'There is no published portfolio at this address.');
    const id = row.user_id;
    const [person, bios, assessment, reviews, certificates] = await Promise.all([
      this.accounts.find(id),
      this.profiles.bios([id]),
      this.assessments.summaries([id]),
      this.reviewsOf(db, id),
      db
        .selectFrom('certificates as c')
        .innerJoin('applications as a', 'a.id', 'c.application_id')
        .select([
          'c.code',
          'c.project_title',
          'c.company_name',
          'c.skills',
          sql<string>`to_char(c.completed_on, 'YYYY-MM-DD')`.as('completed_on'),
        ])
        .where('a.student_id', '=', id)
        .where('c.withdrawn_at', 'is', null)
        .orderBy('c.completed_on', 'desc')
        .execute(),
    ]);
    // A deactivated account (or one no longer a student's) shows nothing.
    if (!person?.active || person.userType !== 'student')
      throw new NotFoundError('portfolio-not-found', 'There is no published portfolio at this address.');
    const summary = assessment.get(id);
    return {
      name: person.fullName,
      bio: bios.get(id) ?? null,
      skills: summary?.skills ?? [],
      assessment: row.show_assessment && summary ? { overall: summary.overall, scores: summary.scores } : null,
      projects: certificates.map((c) => ({
        projectTitle: c.project_title,
        companyName: c.company_name,
        completedOn: c.completed_on,
        skills: c.skills,
        certificateCode: c.code,
      })),
      reviews: reviews.filter((r) => row.review_ids.includes(r.id)),
      noindex: row.noindex,
    };
  }
}
