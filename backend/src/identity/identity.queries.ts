import { sql, type Kysely, type Selectable } from 'kysely';
import type { InferKyselyDB } from '@mikro-orm/postgresql';
import type { UsersQuery } from '@mashrou/contracts';
import type { z } from 'zod';
import { containsPattern as likeContaining, PREPARED, type RawRow } from '../common/sql.js';
import type {
  PasswordResetTokenSchema,
  SessionSchema,
  User,
  UserIdentitySchema,
  UserSchema,
  VerificationCodeSchema,
} from './identity.entities.js';

/** The identity module's tables, as Kysely sees them (typed from the entities). */
export type IdentityDB = InferKyselyDB<
  | typeof UserSchema
  | typeof SessionSchema
  | typeof VerificationCodeSchema
  | typeof PasswordResetTokenSchema
  | typeof UserIdentitySchema
>;
export type UserRow = Selectable<IdentityDB['users']>;
type Db = Kysely<IdentityDB>;

/**
 * The session's user, if the session is live (not expired, not idle too long) and the user active:
 * one round trip, on every signed-in request. A plain SQL template (no result conversion on this hot
 * path): timestamps come back as text, which `userFromRow` and SessionsService read.
 */
export async function sessionUser(db: Kysely<unknown>, idHash: string, idleDays: number) {
  const r = await sql<RawRow<UserRow> & { session_last_seen_at: string; session_expires_at: string }>`
    select u.*, s.last_seen_at as session_last_seen_at, s.expires_at as session_expires_at
      from sessions s join users u on u.id = s.user_id
     where s.id_hash = ${idHash} and s.expires_at > now()
       and s.last_seen_at > now() - make_interval(days => ${idleDays}) and u.active`.execute(db);
  return r.rows[0];
}

/** What a notification needs of its recipients, for one or several ids (one round trip); a deactivated account gets none. */
export function mailRecipients(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'full_name as fullName',
      'email_notifications as emailNotifications',
      'email_off as emailOff',
      'locale',
    ])
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .where('active', '=', true)
    .execute();
}

/** What a company sees of an applicant. */
export interface ProfileCard {
  fullName: string;
  email: string;
  school: string | null;
  graduationYear: number | null;
  linkedin: string | null;
  whatsapp: string | null;
}

/**
 * People's public profile cards, by id. Prepared (one text whatever the count): a workspace, a
 * conversation and a list of applicants each ask it. Text and numbers only, as the driver gives them.
 */
export async function profileCards(db: Kysely<unknown>, ids: readonly string[]) {
  const r = await sql<ProfileCard & { id: string }>`${sql.raw(PREPARED)}
    select id, full_name as "fullName", email, school, graduation_year as "graduationYear", linkedin, whatsapp
      from users where id = any(${ids}::uuid[])`.execute(db);
  return r.rows;
}

/** One user's raw row (timestamps as text), or undefined. */
export async function userById(db: Kysely<unknown>, id: string) {
  const r = await sql<RawRow<UserRow>>`select * from users where id = ${id}`.execute(db);
  return r.rows[0];
}

/** A session was used now (written at most once a minute per session). */
export async function touchSession(db: Db, idHash: string, at: Date) {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
}

const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const dateOrNull = (v: string | Date | null) => (v === null ? null : date(v));

/** The user of a raw `users` row, as a plain frozen object (no entity: nothing may change it). */
export function userFromRow(r: RawRow<UserRow>): Readonly<User> {
  return Object.freeze({
    id: r.id,
    email: r.email,
    emailNormalized: r.email_normalized,
    passwordHash: r.password_hash,
    legacyPassword: r.legacy_password,
    fullName: r.full_name,
    companyName: r.company_name,
    userType: r.user_type,
    emailVerifiedAt: dateOrNull(r.email_verified_at),
    emailNotifications: r.email_notifications,
    emailOff: r.email_off,
    pendingEmail: r.pending_email,
    locale: r.locale,
    onboardingComplete: r.onboarding_complete,
    school: r.school,
    graduationYear: r.graduation_year,
    whatsapp: r.whatsapp,
    linkedin: r.linkedin,
    assessmentComplete: r.assessment_complete,
    active: r.active,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  });
}

const deletedCount = async (q: Promise<{ numDeletedRows: bigint }[]>) =>
  (await q).reduce((n, r) => n + Number(r.numDeletedRows), 0);

/** Sessions that can never be used again (expired or idle). */
export const purgeSessions = (db: Db, idleDays: number) =>
  deletedCount(
    db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', sql<Date>`now()`),
          eb('last_seen_at', '<=', sql<Date>`now() - make_interval(days => ${idleDays})`),
        ]),
      )
      .execute(),
  );
/** Codes a day past their creation (they live 10 minutes). */
export const purgeCodes = (db: Db) =>
  deletedCount(
    db
      .deleteFrom('verification_codes')
      .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute(),
  );
/** Reset links a day past expiry or use. */
export const purgeResetTokens = (db: Db) =>
  deletedCount(
    db
      .deleteFrom('password_reset_tokens')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<', sql<Date>`now() - interval '1 day'`),
          eb('used_at', '<', sql<Date>`now() - interval '1 day'`),
        ]),
      )
      .execute(),
  );

/** Users by role and state, for the admin dashboard. */
export async function userFigures(db: Db) {
  const r = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('user_type', '=', 'student').as('students'),
      eb.fn.countAll<string>().filterWhere('user_type', '=', 'startup').as('startups'),
      eb.fn.countAll<string>().filterWhere('user_type', '=', 'admin').as('admins'),
      eb.fn.countAll<string>().filterWhere('email_verified_at', 'is not', null).as('verified'),
      eb.fn.countAll<string>().filterWhere('onboarding_complete', '=', true).as('onboarded'),
      eb.fn.countAll<string>().filterWhere('assessment_complete', '=', true).as('assessed'),
      eb.fn
        .countAll<string>()
        .filterWhere('created_at', '>', sql<Date>`now() - interval '7 days'`)
        .as('last7days'),
      eb.fn.countAll<string>().as('total'),
    ])
    .executeTakeFirstOrThrow();
  return {
    students: Number(r.students),
    startups: Number(r.startups),
    admins: Number(r.admins),
    verified: Number(r.verified),
    onboarded: Number(r.onboarded),
    assessed: Number(r.assessed),
    last7days: Number(r.last7days),
    total: Number(r.total),
  };
}

/** Sign-ups per day over the last 30 days (days without any included). */
export async function signupsPerDay(db: Db) {
  const rows = await sql<{ day: string; n: string }>`
    select to_char(d, 'YYYY-MM-DD') as day, count(u.id) as n
      from generate_series(current_date - 29, current_date, interval '1 day') d
      left join users u on u.created_at >= d and u.created_at < d + interval '1 day'
     group by d order by d`.execute(db);
  return rows.rows.map((r) => ({ day: r.day, count: Number(r.n) }));
}

export type UserFilters = z.output<typeof UsersQuery>;

/**
 * `q` as a substring of the folded text (search_fold, migration 0021: case, alef forms, ى, ة,
 * tashkeel, tatweel, digits): «محمد» finds «مُحَمَّد», as Browse's search does.
 */
const foldedLike = (q: string) => sql<string>`search_fold(${likeContaining(q)})`;

/** Users matching `f`, newest first; a page of them and the total. `q` is a substring of name, email or company. */
export async function listUsers(db: Db, f: UserFilters, page: number, pageSize: number) {
  let q = db.selectFrom('users');
  if (f.q) {
    const like = foldedLike(f.q);
    q = q.where((eb) =>
      eb.or([
        eb('email_normalized', 'like', like),
        eb(sql`search_fold(full_name)`, 'like', like),
        eb(sql`search_fold(company_name)`, 'like', like),
      ]),
    );
  }
  if (f.role) q = q.where('user_type', '=', f.role);
  if (f.verified !== undefined) q = q.where('email_verified_at', f.verified ? 'is not' : 'is', null);
  if (f.onboarded !== undefined) q = q.where('onboarding_complete', '=', f.onboarded);
  if (f.active !== undefined) q = q.where('active', '=', f.active);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Students by name or email (newest first), for AI Recruitment's picker. */
export function searchStudents(db: Db, text: string | undefined, limit = 20) {
  const like = foldedLike(text ?? '');
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'school'])
    .where('user_type', '=', 'student')
    .where((eb) => eb.or([eb('email_normalized', 'like', like), eb(sql`search_fold(full_name)`, 'like', like)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The active admins (locked, in id order) and the target user (locked): see AccountsService.guarded. */
export async function lockAdminsAndUser(db: Db, userId: string) {
  const admins = await db
    .selectFrom('users')
    .select('id')
    .where('user_type', '=', 'admin')
    .where('active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  const target = await db.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
  return { admins, target };
}
