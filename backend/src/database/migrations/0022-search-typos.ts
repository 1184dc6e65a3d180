import { Migration } from '@mikro-orm/migrations';

/** Word separators, as in 0021-search. */
const SEPARATORS = String.raw`[\s[:punct:]،؛؟«»]+`;

export class Migration0022SearchTypos extends Migration {
  override up(): void {
    // Issue 30: a typo-tolerant pass. The words of listings' titles and skills (folded) with a trigram
    // index: a query word that matches no listing is replaced by the closest of them (pg_trgm's
    // similarity, at least 0.3), and the search runs again.
    this.addSql(`create extension if not exists pg_trgm`);
    this.addSql(`create table search_words (word text primary key)`);
    this.addSql(`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`);
    this.addSql(String.raw`
      create function search_words_of(t text) returns setof text language sql immutable parallel safe as $$
        select distinct w from regexp_split_to_table(search_fold(t), '${SEPARATORS}') w
         where char_length(w) between 3 and 40 and w !~ '^[0-9]+$'
      $$`);
    // Kept as listings are written; a word whose listings are gone stays, but a correction is shown
    // only when it finds open listings (BrowseService), so it never surfaces by itself.
    this.addSql(`
      create function search_words_keep() returns trigger language plpgsql as $$
      begin
        insert into search_words (word)
          select w from search_words_of(new.title || ' ' || skills_text(new.skills)) w
        on conflict do nothing;
        return new;
      end
      $$`);
    this.addSql(`
      create trigger projects_search_words after insert or update of title, skills on projects
        for each row execute function search_words_keep()`);
    this.addSql(`
      insert into search_words (word)
        select w from projects p, search_words_of(p.title || ' ' || skills_text(p.skills)) w
      on conflict do nothing`);
    // The query with each word that matches no open listing replaced by the closest known word (null
    // when nothing changed).
    this.addSql(String.raw`
      create function search_correct(q text) returns text language sql stable parallel safe as $$
        with words as (
          select w, n from regexp_split_to_table(search_fold(q), '${SEPARATORS}') with ordinality as x(w, n)
           where w <> '' order by n limit 8),
        fixed as (
          select n, w, case
              when char_length(w) < 3 or exists (
                select 1 from projects p
                 where p.status = 'open' and p.search @@ (select search_any(search_terms(w))))
              then w
              else coalesce((select s.word from search_words s where s.word % w
                              order by similarity(s.word, w) desc, s.word limit 1), w)
            end as fixed
            from words)
        select case when bool_or(fixed <> w) then string_agg(fixed, ' ' order by n) end from fixed
      $$`);
  }
}
