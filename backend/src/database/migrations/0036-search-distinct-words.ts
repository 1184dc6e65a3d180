import { Migration } from '@mikro-orm/migrations';
import { PARTIAL_MATCH, SEPARATORS, fn } from './0021-search.js';
import { LEXEMES_STARTED, PREFIX_FROM, PREFIX_WORDS, QUOTED_LEXEME } from './0035-search-prefix.js';

/**
 * search_prefix's query (0036): the words a last word `w` starts, as tsquery operands (text), or null.
 * The same rules as 0035's PREFIX_QUERY; a lexeme is quoted as a tsquery prints it.
 */
const PREFIX_WORDS_QUERY = String.raw`select case when char_length(w) < ${PREFIX_FROM} then null
                    when count(*) > ${PREFIX_WORDS} then array[(${PARTIAL_MATCH})::text]
                    else array_agg(${QUOTED_LEXEME}) end
          ${LEXEMES_STARTED}`;

/**
 * search_terms' query (0036): each word (at most 8) as the OR of its forms (Arabic, English and
 * light stems, and for the last word the words it starts), each form once. An OR is joined with `|`,
 * the loosest operator of a tsquery, so a form of several lexemes (`'a' & 'b'`) needs no parentheses.
 */
const TERMS_QUERY = String.raw`select coalesce(array_agg(t order by n), '{}') from (
          select n, (select string_agg(distinct o, ' | ')::tsquery
                       from unnest(array[plainto_tsquery('arabic', w)::text, plainto_tsquery('english', w)::text,
                                         plainto_tsquery('simple', search_light(w))::text]
                                   || case when n = last then search_prefix(w) end) o
                      where o <> '') as t
            from (select w, n, max(n) over () as last
                    from regexp_split_to_table(search_fold(q), '${SEPARATORS}') with ordinality as x(w, n)
                   where w <> '' order by n limit 8) words
        ) s where t is not null`;

export class Migration0036SearchDistinctWords extends Migration {
  override up(): void {
    // Issue 30: a word's forms are often the same lexeme (`research` is the same in Arabic's,
    // English's and the light stemmer, and starts only itself), and the text index reads a query
    // naming one lexeme several times ('research' | 'research' | 'research' | 'research') & 'excel'
    // in 1.8 ms at 100k listings, against 0.8 ms for 'research' & 'excel': with the copies, no
    // lexeme of the OR is known to be required, so the index cannot skip ahead in the other's list.
    // Each word's forms are now named once; what matches, its rank and its highlights are unchanged.
    // The prefix's words come as a list (not one OR) so a stem among them is named once too.
    this.addSql('drop function search_prefix(text)');
    this.addSql(fn('create function search_prefix(w text) returns text[] stable', 'plpgsql', PREFIX_WORDS_QUERY));
    this.addSql(fn('create or replace function search_terms(q text) returns tsquery[] stable', 'plpgsql', TERMS_QUERY));
  }
}
