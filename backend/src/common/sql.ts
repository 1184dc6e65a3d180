/**
 * A row of a hand-written (`sql` template) query: the driver gives timestamps as text there (only
 * builder queries get them converted, by MikroORM's Kysely plugin with `convertValues`).
 */
export type RawRow<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** An ISO timestamp from a Date or from a timestamp as PostgreSQL writes it. */
export const iso = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value).toISOString();

/** A LIKE / ILIKE pattern matching `text` anywhere; the caller's `%`, `_` and `\` are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
