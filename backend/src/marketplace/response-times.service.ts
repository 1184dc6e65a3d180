import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { UNDECIDED } from './views.js';

/** A company's typical answer time is shown once it has answered this many applications (last 90 days). */
export const MIN_ANSWERED = 3;
const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 10_000;

/**
 * How quickly companies usually answer: the median time from an application to the company's
 * first answer, over the last 90 days (the admin dashboard's figure, per company). Kept 10 minutes
 * per company in each process: it moves slowly and students read it on every project page.
 */
@Injectable()
export class ResponseTimesService {
  private readonly cache = new Map<string, { hours: number | null; until: number }>();

  constructor(private readonly orm: MikroORM) {}

  /** Median hours to a first answer per company, for the companies with enough answers. */
  async of(companyIds: readonly string[]): Promise<Map<string, number>> {
    const now = Date.now();
    const out = new Map<string, number>();
    const missing: string[] = [];
    for (const id of new Set(companyIds)) {
      const hit = this.cache.get(id);
      if (hit && hit.until > now) {
        if (hit.hours !== null) out.set(id, hit.hours);
      } else missing.push(id);
    }
    if (!missing.length) return out;
    const { rows } = await sql<{ company_id: string; hours: string; answered: string }>`
      select p.company_id,
             percentile_cont(0.5) within group (order by extract(epoch from a.first_response_at - a.created_at)) / 3600 as hours,
             count(*) as answered
        from applications a join projects p on p.id = a.project_id
       where p.company_id = any(${missing}::uuid[]) and a.first_response_at is not null
         and a.created_at > now() - interval '90 days'
       group by p.company_id`.execute(this.orm.em.getKysely());
    if (this.cache.size > MAX_ENTRIES) this.cache.clear();
    const found = new Map(rows.filter((r) => Number(r.answered) >= MIN_ANSWERED).map((r) => [r.company_id, Number(r.hours)]));
    for (const id of missing) {
      const hours = found.get(id) ?? null;
      this.cache.set(id, { hours, until: now + TTL_MS });
      if (hours !== null) out.set(id, hours);
    }
    return out;
  }

  /** A student's undecided applications with their company's usual answer time (the student home). */
  async forStudent(studentId: string) {
    const { rows } = await sql<{ id: string; company_id: string }>`
      select a.id, p.company_id from applications a join projects p on p.id = a.project_id
       where a.student_id = ${studentId} and a.status in (${sql.join(UNDECIDED)}) and p.company_id is not null
       order by a.updated_at desc limit 50`.execute(this.orm.em.getKysely());
    const times = await this.of(rows.map((r) => r.company_id));
    return {
      items: rows.flatMap((r) => {
        const hours = times.get(r.company_id);
        return hours === undefined ? [] : [{ applicationId: r.id, medianHours: Math.round(hours * 10) / 10 }];
      }),
    };
  }
}
