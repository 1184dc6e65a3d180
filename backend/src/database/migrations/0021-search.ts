import { Migration } from '@mikro-orm/migrations';

/** Word separators of the search functions: spaces, ASCII punctuation and Arabic punctuation. */
export const SEPARATORS = String.raw`[\s[:punct:]،؛؟«»]+`;
/**
 * What may be attached to the start of an Arabic word: the article (with a preposition or
 * conjunction before it) while two letters remain, else one of و ف ب ل ك while four remain (the
 * longest that fits is taken).
 */
const PREFIX = '^(وال|فال|بال|كال|لل|ال)(?=[^ ]{2})|^[وفبلك](?=[^ ]{4})';

/**
 * Broken plurals the Arabic stemmer cannot relate to their singular (it removes affixes, and these
 * change inside the word): the marketplace's own vocabulary, in folded form (search_fold).
 */
const BROKEN_PLURALS: [string, string][] = [
  ['مطاعم', 'مطعم'],
  ['مشاريع', 'مشروع'],
  ['شركات', 'شركه'],
  ['طلاب', 'طالب'],
  ['مواقع', 'موقع'],
  ['متاجر', 'متجر'],
  ['مقاهي', 'مقهي'],
  ['دروس', 'درس'],
  ['كتب', 'كتاب'],
  ['اعمال', 'عمل'],
  ['خرائط', 'خريطه'],
  ['تقارير', 'تقرير'],
  ['برامج', 'برنامج'],
  ['اسواق', 'سوق'],
  ['عملاء', 'عميل'],
  ['مصادر', 'مصدر'],
  ['وسائل', 'وسيله'],
  ['حلول', 'حل'],
  ['افكار', 'فكره'],
  ['مهارات', 'مهاره'],
];

/** The last word as a prefix, by the text index's partial match (0035 reads it from known lexemes instead). */
export const PARTIAL_MATCH = String.raw`to_tsquery('simple', '''' || replace(replace(w, '\', '\\'), '''', '''''') || ''':*')`;

/**
 * A function whose body is `query`: SQL (planned again at every call), or PL/pgSQL returning it (its
 * plan kept by the connection: 0035, for the functions a search calls).
 */
export const fn = (head: string, language: 'sql' | 'plpgsql', query: string) => `
      ${head} language ${language} parallel safe as $$
        ${language === 'sql' ? query : `begin return (${query}); end`}
      $$`;

/**
 * search_light's query, of `t`: what is attached to the start goes (PREFIX), a broken plural becomes
 * its singular, then one common suffix goes while three letters remain.
 */
export const LIGHT = String.raw`select coalesce(string_agg(
                 regexp_replace(coalesce(b.singular, regexp_replace(w, '${PREFIX}', '')), '(?<=[^ ]{3})(ات|ون|ين|ه|ي)$', ''),
               ' ' order by n), '')
          from regexp_split_to_table(search_fold(t), '${SEPARATORS}') with ordinality as x(w, n)
          left join (values ${BROKEN_PLURALS.map(([p, s]) => `('${p}', '${s}')`).join(', ')}) as b(plural, singular)
            on b.plural = regexp_replace(w, '${PREFIX}', '')
         where w <> ''`;

/**
 * search_terms' query, of `q`: word by word (at most 8), each word's every form (Arabic, English and
 * light stems) and the last one (`w`) also as `prefix`. A word that is only stop words is left out.
 */
export const terms = (prefix: string) => String.raw`select coalesce(array_agg(t order by n), '{}') from (
          select n, case when n = last then coalesce(forms || ${prefix}, forms) else forms end as t
            from (select n, w, last,
                         plainto_tsquery('arabic', w) || plainto_tsquery('english', w)
                           || plainto_tsquery('simple', search_light(w)) as forms
                    from (select w, n, max(n) over () as last
                            from regexp_split_to_table(search_fold(q), '${SEPARATORS}') with ordinality as x(w, n)
                           where w <> '' order by n limit 8) words) f
        ) s where numnode(t) > 0`;

/** search_exact's query, of `q`: each word exactly as typed (folded, not stemmed). */
export const EXACT = String.raw`select coalesce(array_agg(t order by n), '{}') from (
          select n, to_tsquery('simple', '''' || replace(replace(w, '', '\'), '''', '''''') || '''') as t
            from (select w, n from regexp_split_to_table(search_fold(q), '${SEPARATORS}') with ordinality as x(w, n)
                   where w <> '' order by n limit 8) words
        ) s where numnode(t) > 0`;

/** search_any's query, of `terms`: any of them. */
export const ANY = `select coalesce((select string_agg('(' || t::text || ')', ' | ') from unnest(terms) t), '')::tsquery`;

export class Migration0021Search extends Migration {
  override up(): void {
    // Issue 30: search that finds what people type, in Arabic and English. One normalisation
    // (search_fold) on the index and on the query: lower case; alef forms to ا, ى to ي, ة to ه;
    // Arabic-Indic and Persian digits to 0-9; no tashkeel, no tatweel.
    this.addSql(String.raw`
      create function search_fold(t text) returns text language sql immutable parallel safe as $$
        select regexp_replace(
          translate(lower(coalesce(t, '')), 'أإآٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', 'اااايه01234567890123456789'),
          '[\u064B-\u065F\u0670\u0640]', '', 'g')
      $$`);
    // A light Arabic stem beside Snowball's (which reads some words' first letter as a preposition,
    // and keeps the ا of a plural's ات): what is attached to the start goes (PREFIX), a broken plural
    // becomes its singular, then one common suffix goes while three letters remain. The same on
    // listings and queries, so a word over-trimmed is trimmed alike on both sides.
    this.addSql(fn('create function search_light(t text) returns text immutable', 'sql', LIGHT));
    // What a text is indexed as: Arabic stems, English stems and light stems of its folded words (a
    // listing may mix the languages); the English configuration keeps Arabic words whole, and the
    // Arabic one English words.
    this.addSql(`
      create function search_vector(t text) returns tsvector language sql immutable parallel safe as $$
        select to_tsvector('arabic', search_fold(t)) || to_tsvector('english', search_fold(t))
            || to_tsvector('simple', search_light(t))
      $$`);
    // A query, word by word (at most 8): each word's every form, the last one also as a prefix (the
    // student is still typing it). A word that is only stop words is left out.
    this.addSql(fn('create function search_terms(q text) returns tsquery[] immutable', 'sql', terms(PARTIAL_MATCH)));
    // Each word exactly as typed (folded, not stemmed): the English configuration keeps Arabic words
    // whole and the Arabic one English words, so a listing has every word's own form too. Relevance
    // ranks a listing with the very words over one with other forms of them.
    this.addSql(fn('create function search_exact(q text) returns tsquery[] immutable', 'sql', EXACT));
    // Any of the words: the filter (a word may miss; how many match orders the results).
    this.addSql(fn('create function search_any(terms tsquery[]) returns tsquery immutable', 'sql', ANY));
    // The configuration a text is highlighted in (ts_headline): Arabic when it has Arabic letters.
    this.addSql(String.raw`
      create function search_config(t text) returns regconfig language sql immutable parallel safe as $$
        select case when t ~ '[؀-ۿ]' then 'arabic'::regconfig else 'english'::regconfig end
      $$`);
    this.addSql(`drop index projects_search_idx`);
    this.addSql(`alter table projects drop column search`);
    this.addSql(`
      alter table projects add column search tsvector generated always as (
        setweight(search_vector(title), 'A') ||
        setweight(search_vector(skills_text(skills)), 'B') ||
        setweight(search_vector(description), 'C')
      ) stored`);
    this.addSql(`create index projects_search_idx on projects using gin (search)`);
  }
}
