import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { MarketplaceDB } from './marketplace.db.js';
import { UNDECIDED } from './views.js';

/** A company's typical answer time is shown once it has answered this many applications (last 90 days). */
export const MIN_ANSWERED = 3;

/**
 * How quickly companies usually answer: the median time from an application to the company's
 * first answer, over the last 90 days (the admin dashboard's figure, per company). Kept 10 minutes
 * per company in each process: it moves slowly and students read it on every project page.
 */
@Injectable()
export class ResponseTimesService {
  private readonly cache = new LRUCache<string, { hours: number | null }>({ max: 10_000, ttl: 10 * 60_000 });

  constructor(private readonly orm: MikroORM) {}

  /** Median hours to a first answer per company, for the companies with enough answers. */
  async of(companyIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const missing: string[] = [];
    for (const id of new Set(companyIds)) {
      const hit = this.cache.get(id);
      if (hit) {
        if (hit.hours !== null) out.set(id, hit.hours);
      } else missing.push(id);
    }
    if (!missing.length) return out;
    const rows = await this.orm.em
      .getKysely<MarketplaceDB>()
      .selectFrom('applications as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select((eb) => [
        'p.company_id',
        sql<string>`percentile_cont(0.5) within group (order by extract(epoch from a.first_response_at - a.created_at)) / 3600`.as(
          'hours',
        ),
        eb.fn.countAll<string>().as('answered'),
      ])
      .where('p.company_id', '=', (eb) => eb.fn.any(eb.val(missing)))
      .where('a.first_response_at', 'is not', null)
      .where('a.created_at', '>', sql<Date>`now() - interval '90 days'`)
      .groupBy('p.company_id')
      .$narrowType<{ company_id: string }>()
      .execute();
    const found = new Map(rows.filter((r) => Number(r.answered) >= MIN_ANSWERED).map((r) => [r.company_id, Number(r.hours)]));
    for (const id of missing) {
      const hours = found.get(id) ?? null;
      this.cache.set(id, { hours });
      if (hours !== null) out.set(id, hours);
    }
    return out;
  }

  /** A student's undecided applications with their company's usual answer time (the student home). */
  async forStudent(studentId: string) {
    const rows = await this.orm.em
      .getKysely<MarketplaceDB>()
      .selectFrom('applications as a')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .select(['a.id', 'p.company_id'])
      .where('a.student_id', '=', studentId)
      .where('a.status', 'in', UNDECIDED)
      .where('p.company_id', 'is not', null)
      .orderBy('a.updated_at', 'desc')
      .limit(50)
      .$narrowType<{ company_id: string }>()
      .execute();
    const times = await this.of(rows.map((r) => r.company_id));
    return {
      items: rows.flatMap((r) => {
        const hours = times.get(r.company_id);
        return hours === undefined ? [] : [{ applicationId: r.id, medianHours: Math.round(hours * 10) / 10 }];
      }),
    };
  }
}
