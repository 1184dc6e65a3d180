import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { SAVED_SEARCHES_MAX, type BrowseProject, type SavedSearch, type SavedSearchBody } from '@mashrou/contracts';
import { ConflictError, NotFoundError } from '../common/errors.js';
import type { User } from '../identity/index.js';
import type { Db, MarketplaceDB } from './marketplace.db.js';
import { projectRowView } from './views.js';
import { MATCHES, NOT_APPLIED } from './saved-searches.queries.js';

const notFound = () => new NotFoundError('saved-search-not-found', 'This saved search does not exist.');

type Row = Awaited<ReturnType<ReturnType<typeof selectSearches>['execute']>>[number];
const selectSearches = (db: Db) =>
  db
    .selectFrom('saved_searches')
    .select(['id', 'q', 'skill', 'mode', 'paid', 'max_weeks', 'instant', 'daily', 'created_at', 'user_id']);

const view = (r: Row): SavedSearch => ({
  id: r.id,
  q: r.q,
  skill: r.skill,
  mode: r.mode,
  paid: r.paid,
  maxWeeks: r.max_weeks,
  instant: r.instant,
  daily: r.daily,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Saved searches and the alerts they bring: a newly approved project matching any of a student's
 * searches reaches them once (in the app if one of those searches asks for it; in the day's digest
 * email if one asks for that), never for a project they applied to. The home page suggests the open
 * projects that match, with the same rules.
 */
@Injectable()
export class SavedSearchesService {
  constructor(private readonly orm: MikroORM) {}

  private db(): Db {
    return this.orm.em.fork().getKysely<MarketplaceDB>({ convertValues: true });
  }

  async list(user: User) {
    const rows = await selectSearches(this.db()).where('user_id', '=', user.id).orderBy('created_at', 'desc').execute();
    return { items: rows.map(view) };
  }

  save(user: User, body: SavedSearchBody): Promise<SavedSearch> {
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely<MarketplaceDB>({ convertValues: true });
      // One save per student at a time (a lock on their id for this transaction): two saves at once
      // cannot both see room for one more.
      await sql`select pg_advisory_xact_lock(hashtext(${user.id}))`.execute(db);
      const mine = await db.selectFrom('saved_searches').select('id').where('user_id', '=', user.id).execute();
      if (mine.length >= SAVED_SEARCHES_MAX)
        throw new ConflictError('too-many-saved-searches', `You can keep at most ${SAVED_SEARCHES_MAX} saved searches.`);
      const id = randomUUID();
      await db
        .insertInto('saved_searches')
        .values({
          id,
          user_id: user.id,
          q: body.q || null,
          skill: body.skill || null,
          mode: body.mode ?? null,
          paid: body.paid ?? null,
          max_weeks: body.maxWeeks ?? null,
          instant: body.instant,
          daily: body.daily,
          created_at: new Date(),
        })
        .execute();
      return view(await selectSearches(db).where('id', '=', id).executeTakeFirstOrThrow());
    });
  }

  async change(user: User, id: string, alerts: { instant: boolean; daily: boolean }): Promise<SavedSearch> {
    const db = this.db();
    const done = await db
      .updateTable('saved_searches')
      .set(alerts)
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .returning('id')
      .executeTakeFirst();
    if (!done) throw notFound();
    return view(await selectSearches(db).where('id', '=', id).executeTakeFirstOrThrow());
  }

  async remove(user: User, id: string) {
    const done = await this.db()
      .deleteFrom('saved_searches')
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .returning('id')
      .executeTakeFirst();
    if (!done) throw notFound();
  }

  /** Open projects matching any of the student's searches, not applied to, newest first (the home page's). */
  async suggestions(user: User): Promise<{ items: BrowseProject[] }> {
    const { rows } = await sql<Parameters<typeof projectRowView>[0]>`
      select p.* from projects p
       where p.status = 'open' and (p.deadline is null or p.deadline >= (now() at time zone 'utc')::date)
         and exists (select 1 from saved_searches s where s.user_id = ${user.id} and ${MATCHES} and ${NOT_APPLIED})
       order by p.created_at desc, p.id limit 6`.execute(this.db());
    return { items: rows.map((r) => ({ ...projectRowView(r), applied: false, match: 0 })) };
  }
}
