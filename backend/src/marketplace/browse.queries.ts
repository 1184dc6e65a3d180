// What a student browsing reads: the open projects page and one project with their application.
import { sql, type RawBuilder } from 'kysely';
import { MARK_END, MARK_START, type BROWSE_SORTS, type BrowseQuery } from '@mashrou/contracts';
import type { z } from 'zod';

const MARKS = MARK_START + MARK_END;
import { PREPARED, type RawRow } from '../common/sql.js';
import type { Db, ApplicationRow, ProjectRow } from './marketplace.db.js';

/** Browse counts matches up to this many ("1000+"): an exact count of every open project costs more than it tells. */
export const BROWSE_COUNT_CAP = 1000;

/** The student's filters, with the sort decided (relevance with a search, else newest). */
export type BrowseFilters = z.output<typeof BrowseQuery> & { sort: (typeof BROWSE_SORTS)[number] };

export type BrowseRow = RawRow<ProjectRow> & { match: number; applied: boolean; title_marked?: string; excerpt_marked?: string };

/**
 * One page of open projects for a student, and how many match (up to BROWSE_COUNT_CAP). Text search
 * (and the skill filter's words with it) is a materialized set read from the text index: that bounds
 * the worst case — a rare or empty match — whatever the sort.
 *
 * Search (issue 30, migration 0021): the query is folded and stemmed like the listings (Arabic,
 * English and light stems), word by word (`search_terms`); a listing matches when any word does,
 * and relevance orders by how many words match, then how many as typed (not another form), then by
 * where (title over skills over description), then newest. The last word also matches as a prefix (typing in progress).
 */
export async function browse(db: Db, studentId: string, f: BrowseFilters, studentSkills: string[], knownCount?: number) {
  const where: RawBuilder<unknown>[] = [
    sql`p.status = 'open'`,
    sql`(p.deadline is null or p.deadline >= (now() at time zone 'utc')::date)`,
  ];
  const gin: RawBuilder<unknown>[] = [];
  if (f.q && f.skill) {
    // One scan of the text index for both: the skill's words (its own lexemes are in every listing
    // that has it) are required beside any of the query's, so a common word and a common skill cost
    // one index scan instead of two bitmaps of thousands of rows ANDed; the exact skill is checked on
    // the few rows found.
    gin.push(sql`p.search @@ (select search_any(t) && plainto_tsquery('english', search_fold(${f.skill})) from terms)`);
    where.push(sql`p.skills @> array[${f.skill}::text]`);
  } else if (f.q) {
    gin.push(sql`p.search @@ (select search_any(t) from terms)`);
  } else if (f.skill) {
    where.push(sql`p.skills @> array[${f.skill}::text]`);
  }
  if (f.mode) where.push(sql`p.work_mode = ${f.mode}`);
  if (f.paid !== undefined) where.push(sql`p.paid = ${f.paid}`);
  if (f.maxWeeks) where.push(sql`p.duration_weeks <= ${f.maxWeeks}`);
  const terms = sql`with terms as materialized (select search_terms(${f.q ?? ''}) as t, search_exact(${f.q ?? ''}) as e) `;
  const hits = gin.length
    ? sql`${terms}, hits as materialized (select p.id from projects p where ${sql.join(gin, sql` and `)}) `
    : sql``;
  // Relevance reads the matches with every filter at once (below); the other orders, from `hits`.
  const everyFilter = sql.join([...gin, ...where], sql` and `);
  if (gin.length) where.push(sql`p.id in (select id from hits)`);
  const filter = sql.join(where, sql` and `);
  const match = f.sort === 'match';
  // The skills travel as one text (an array parameter would be expanded into a list).
  const matchExpr = match
    ? sql`cardinality(array(select unnest(p.skills) intersect select unnest(string_to_array(${studentSkills.join('\u001f')}, chr(31)))))`
    : sql`0`;
  const relevance = f.sort === 'relevance' && !!f.q;
  const order =
    f.sort === 'deadline'
      ? sql`p.deadline asc nulls last, p.created_at desc`
      : match
        ? sql`match desc, p.created_at desc`
        : sql`p.created_at desc`;
  const applied = sql`exists (select 1 from applications a where a.project_id = p.id and a.student_id = ${studentId}) as applied`;
  // With a search, the page's titles and an excerpt of each description with the matched words marked
  // (ts_headline, in the text's own language; the markers cannot come from a listing: they are taken out).
  const marks = f.q
    ? sql`, ts_headline(search_config(p.title), translate(p.title, ${MARKS}, ''), (select search_any(t) from terms),
                        ${`HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`}) as title_marked,
            ts_headline(search_config(p.description), translate(p.description, ${MARKS}, ''), (select search_any(t) from terms),
                        ${`MaxWords=28, MinWords=12, ShortWord=1, MaxFragments=1, StartSel=${MARK_START}, StopSel=${MARK_END}`}) as excerpt_marked`
    : sql``;
  const offset = (f.page - 1) * f.pageSize;
  // Prepared (named, planned once per connection): planning the search's functions costs more than
  // running them (4 ms against 1 ms at 10k projects); a handful of texts, one per set of filters.
  const prepared = sql.raw(PREPARED);
  const [rows, count] = await Promise.all([
    relevance
      ? // Ranked where the matches are read (one pass over the index's hits, every filter with it):
        // how many of the words each matches, and its text rank; only the page's rows are read whole.
        sql<BrowseRow>`${prepared}${terms}, ranked as materialized (
            select p.id, p.created_at, (select count(*) from unnest((select t from terms)) w where p.search @@ w) as words,
                   (select count(*) from unnest((select e from terms)) w where p.search @@ w) as exact,
                   ts_rank(p.search, (select search_any(t) from terms)) as rank
              from projects p where ${everyFilter}),
          top as (select * from ranked order by words desc, exact desc, rank desc, created_at desc limit ${f.pageSize} offset ${offset})
          select p.*, 0 as match, ${applied} ${marks}
            from top join projects p on p.id = top.id order by top.words desc, top.exact desc, top.rank desc, top.created_at desc`.execute(
          db,
        )
      : sql<BrowseRow>`${prepared}${hits}select p.*, ${matchExpr} as match, ${applied} ${marks}
          from projects p where ${filter}
          order by ${order} limit ${f.pageSize} offset ${offset}`.execute(db),
    // Counting every open project on each page view is the slow part at volume: count up to a cap,
    // and not at all when the caller still knows the count for these filters.
    knownCount !== undefined
      ? undefined
      : sql<{
          n: string;
        }>`${prepared}${hits}select count(*) as n from (select 1 from projects p where ${filter} limit ${BROWSE_COUNT_CAP + 1}) t`.execute(
          db,
        ),
  ]);
  const total = knownCount ?? Number(count?.rows[0]?.n ?? 0);
  return { rows: rows.rows, total: Math.min(total, BROWSE_COUNT_CAP), capped: total > BROWSE_COUNT_CAP };
}

/** The query with each word that matches no open listing replaced by the closest known word, or null (migration 0022). */
export async function correctedQuery(db: Db, q: string) {
  const r = await sql<{ fixed: string | null }>`${sql.raw(PREPARED)}select search_correct(${q}) as fixed`.execute(db);
  return r.rows[0]?.fixed ?? null;
}

/**
 * A student's project page: a project that is open, or one they applied to (read-only once closed),
 * and their application to it, in one round trip (the application as JSON, so no second query and
 * no entity built for either).
 */
export const projectForStudentQuery = (projectId: string, studentId: string) =>
  sql<RawRow<ProjectRow> & { application: RawRow<ApplicationRow> | null }>`${sql.raw(PREPARED)}
    select p.*, (select to_jsonb(a) from applications a where a.project_id = p.id and a.student_id = ${studentId}) as application
      from projects p where p.id = ${projectId}
       and (p.status = 'open' or exists (select 1 from applications a where a.project_id = p.id and a.student_id = ${studentId}))`;

/** The project page's statement run (projectForStudentQuery); undefined when the student may not see it. */
export async function projectForStudent(db: Db, projectId: string, studentId: string) {
  return (await projectForStudentQuery(projectId, studentId).execute(db)).rows[0];
}
