/**
 * A row of a hand-written (`sql` template) query: the driver gives timestamps as text there (only
 * builder queries get them converted, by MikroORM's Kysely plugin with `convertValues`).
 */
export type RawRow<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** `2026-11-20 05:48:24.620842+00`: a UTC timestamp as PostgreSQL writes it (microseconds optional). */
const PG_UTC = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * An ISO timestamp from a Date or from a timestamp as PostgreSQL writes it. A UTC one (the server's
 * zone here) is rewritten as text — parsing dates was the largest cost of a list's answer — and
 * anything else goes through Date.
 */
export const iso = (value: Date | string) => {
  if (typeof value !== 'string') return value.toISOString();
  const m = PG_UTC.exec(value);
  if (!m) return new Date(value).toISOString();
  return `${m[1] ?? ''}T${m[2] ?? ''}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
};

/** A LIKE / ILIKE pattern matching `text` anywhere; the caller's `%`, `_` and `\` are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Marks a hand-written statement as prepared: its text starts with this comment (`sql.raw(PREPARED)`).
 * Such a statement is parsed and planned once per pooled connection and then only executed
 * (database/prepared.ts): the project page's and applying's statements spent several times longer in
 * PostgreSQL's parser and planner than in running their plans. Only for statements with a small,
 * fixed set of texts (every value a parameter; a variant per filter at most), so each connection
 * holds a few of them.
 */
export const PREPARED = '/* prepared */';
