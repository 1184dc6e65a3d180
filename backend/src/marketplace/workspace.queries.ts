import type { Db } from './marketplace.db.js';

/** Every hand-in of these milestones, oldest first, with the company's answer (the workspace and the data export). */
export function deliverablesOf(db: Db, milestoneIds: string[]) {
  if (!milestoneIds.length) return Promise.resolve([]);
  return db
    .selectFrom('deliverables')
    .select(['id', 'milestone_id', 'body', 'links', 'file_ids', 'submitted_at', 'outcome', 'feedback', 'reviewed_at'])
    .where('milestone_id', '=', (eb) => eb.fn.any(eb.val(milestoneIds)))
    .orderBy('submitted_at')
    .execute();
}

/** Every hand-in of an application's milestones, oldest first (the workspace, in one query with its milestones'). */
export function deliverablesOfApplication(db: Db, applicationId: string) {
  return db
    .selectFrom('deliverables as d')
    .innerJoin('milestones as m', 'm.id', 'd.milestone_id')
    .select([
      'd.id',
      'd.milestone_id',
      'd.body',
      'd.links',
      'd.file_ids',
      'd.submitted_at',
      'd.outcome',
      'd.feedback',
      'd.reviewed_at',
    ])
    .where('m.application_id', '=', applicationId)
    .orderBy('d.submitted_at')
    .execute();
}
