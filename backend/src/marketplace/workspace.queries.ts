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
