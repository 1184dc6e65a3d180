import { Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import { MikroORM } from '@mikro-orm/postgresql';

/** How long a prune waits for listings being written before it gives up until its next run. */
const LOCK_TIMEOUT = '5s';

/**
 * The words search knows beside its text index, kept by triggers as listings are written
 * (migrations 0022 and 0035): `search_words`, from which a misspelled word is corrected, and
 * `search_lexemes`, from which a word still being typed becomes the words it starts. A word edited
 * out of a listing, or of a listing gone, stays in them: a correction could then pick it over a live
 * word and find nothing, and a prefix could count it toward its limit. The daily prune removes them.
 */
@Injectable()
export class SearchIndexService {
  constructor(private readonly orm: MikroORM) {}

  /**
   * Deletes the words and lexemes no listing has any more; returns how many of each. One table per
   * transaction, each locked against the triggers' inserts while it is compared with the listings
   * (a listing written meanwhile waits, then adds its words back), so a word a listing has just
   * started to use is never lost.
   */
  async prune(): Promise<{ words: number; lexemes: number }> {
    const lexemes = await this.pruneOne(
      'search_lexemes',
      'lexeme',
      sql`select unnest(tsvector_to_array(search)) collate "C" from projects`,
    );
    const words = await this.pruneOne(
      'search_words',
      'word',
      sql`select w from projects p, search_words_of(p.title || ' ' || skills_text(p.skills)) w`,
    );
    return { words, lexemes };
  }

  /** Deletes the rows of `table` whose `key` is not among `live`'s, in a transaction of its own. */
  private pruneOne(table: string, key: string, live: RawBuilder<unknown>) {
    return this.orm.em.fork().transactional(async (tx) => {
      const db = tx.getKysely();
      await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(db);
      await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(db);
      const { numAffectedRows } = await sql`
        delete from ${sql.table(table)} s using (select ${sql.ref(key)} from ${sql.table(table)} except ${live}) gone
         where s.${sql.ref(key)} = gone.${sql.ref(key)}`.execute(db);
      return Number(numAffectedRows ?? 0);
    });
  }
}
