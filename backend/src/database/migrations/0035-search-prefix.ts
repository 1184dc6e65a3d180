import { Migration } from '@mikro-orm/migrations';
import { ANY, EXACT, LIGHT, PARTIAL_MATCH, fn, terms } from './0021-search.js';

/** Up to this many known lexemes, a prefix is searched as their list; beyond it, by partial match. */
export const PREFIX_WORDS = 32;

/**
 * A last word shorter than this is not read as the start of longer words: one or two letters start
 * nearly every listing's words (`d` matched all 100,002 listings at 100k, and ranking them took PostgreSQL
 * 0.4–1 s; `de` 0.26 s, `des` 0.04 s).
 */
export const PREFIX_FROM = 3;

/** What a search calls besides search_prefix: each function's head and query (search_terms' prefix given). */
export const searchFunctions = (prefix: string): [string, string][] => [
  ['create or replace function search_light(t text) returns text immutable', LIGHT],
  ['create or replace function search_exact(q text) returns tsquery[] immutable', EXACT],
  ['create or replace function search_any(terms tsquery[]) returns tsquery immutable', ANY],
  [
    `create or replace function search_terms(q text) returns tsquery[] ${prefix === PARTIAL_MATCH ? 'immutable' : 'stable'}`,
    terms(prefix),
  ],
];

/** A lexeme of `search_lexemes` quoted as a tsquery prints it (`'` and `\` doubled). */
export const QUOTED_LEXEME = String.raw`'''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''''`;

/**
 * The known lexemes starting with `w`, up to one more than PREFIX_WORDS. A range of the key, not
 * starts_with(): the planner turns that into an index range only for a constant, and `w` is not.
 */
export const LEXEMES_STARTED = String.raw`from (select lexeme from search_lexemes
                 where lexeme >= (w collate "C") and lexeme < (w || chr(1114111) collate "C")
                 order by lexeme limit ${PREFIX_WORDS + 1}) l`;

/** search_prefix's query: the lexemes starting with `w`, as one query (null when none does, or `w` is short). */
export const PREFIX_QUERY = String.raw`select case when char_length(w) < ${PREFIX_FROM} then null
                    when count(*) > ${PREFIX_WORDS} then ${PARTIAL_MATCH}
                    when count(*) > 0
                    then string_agg(${QUOTED_LEXEME}, ' | ')::tsquery end
          ${LEXEMES_STARTED}`;

export class Migration0035SearchPrefix extends Migration {
  override up(): void {
    // Issue 30: the last word of a search matches as a prefix (typing in progress). The text index's
    // partial match (`research:*`) collects every listing of every lexeme with the prefix before
    // anything else of the query can narrow them: 4–5 ms at 100k listings for `research` with a
    // skill, against 0.8 ms for the same lexemes named one by one, which the index intersects with
    // the rest. So the lexemes of every listing are kept (`search_lexemes`, collation C: a prefix is
    // a range of its primary key) and a prefix becomes the lexemes it starts — the same listings
    // match. A prefix that starts more than PREFIX_WORDS lexemes keeps the partial match; a last word
    // of one or two letters is matched as typed only (PREFIX_FROM).
    this.addSql(`create table search_lexemes (lexeme text collate "C" primary key)`);
    this.addSql(`
      create function search_lexemes_keep() returns trigger language plpgsql as $$
      begin
        insert into search_lexemes (lexeme) select unnest(tsvector_to_array(new.search)) on conflict do nothing;
        return new;
      end
      $$`);
    // A lexeme whose listings are gone stays: it only adds a word that matches nothing.
    this.addSql(`
      create trigger projects_search_lexemes after insert or update of title, skills, description on projects
        for each row execute function search_lexemes_keep()`);
    this.addSql(`
      insert into search_lexemes (lexeme)
        select distinct unnest(tsvector_to_array(search)) from projects
      on conflict do nothing`);
    // What a search calls, in PL/pgSQL: a SQL function that cannot be inlined is planned again at
    // every statement that calls it, and so is each such function it calls. `select search_terms($1)`
    // took 1.27 ms that way and 0.44 ms with the plans the connection keeps; search_light 0.21 and
    // 0.13 ms (prepared, 2,000 runs one after another, 100k listings; a bare round trip 0.1 ms).
    this.addSql(fn('create function search_prefix(w text) returns tsquery stable', 'plpgsql', PREFIX_QUERY));
    for (const [head, query] of searchFunctions('search_prefix(w)')) this.addSql(fn(head, 'plpgsql', query));
  }
}
