import { sql } from 'kysely';
import type { ApplicationStatus, ENGAGEMENT_OUTCOMES, MilestoneStatus } from '@mashrou/contracts';
import { PREPARED } from '../common/sql.js';
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

/** A milestone as the workspace reads it, with every hand-in for it, oldest first (timestamps as JSON text). */
export interface MilestoneRow {
  id: string;
  title: string;
  expectations: string;
  due_on: string;
  status: MilestoneStatus;
  deliverables: {
    id: string;
    body: string;
    links: string[];
    file_ids: string[];
    submitted_at: string;
    outcome: 'accepted' | 'changes-requested' | null;
    feedback: string | null;
    reviewed_at: string | null;
  }[];
}

/** Who reads a workspace: the milestones are read only for its student, its company or an admin. */
export interface Reader {
  id: string;
  admin: boolean;
}

/** An application, its project and its ending: whose workspace it is, and where it stands. */
export interface PlaceRow {
  id: string;
  status: ApplicationStatus;
  student_id: string | null;
  company_id: string | null;
  company_name: string;
  title: string;
  skills: string[];
  outcome: (typeof ENGAGEMENT_OUTCOMES)[number] | null;
  reason: string | null;
  /** As the driver gives it (text). */
  ended_at: string | null;
}
const PLACE = sql`a.id, a.status, a.student_id, p.company_id, p.company_name, p.title, p.skills, e.outcome, e.reason, e.ended_at`;
const PLACE_FROM = sql`applications a join projects p on p.id = a.project_id left join engagement_endings e on e.application_id = a.id`;

/**
 * An application's workspace in one round trip: the application with its project and ending, and —
 * once it is accepted, for its student, its company or an admin — its milestones (by due date) each
 * with its hand-ins (oldest first), as JSON (timestamps as JSON text). Anyone else gets the same
 * cheap row the service turns into a 404. Prepared: a workspace is read on every visit.
 */
export const workspaceQuery = (applicationId: string, reader: Reader) => sql<PlaceRow & { milestones: MilestoneRow[] }>`${sql.raw(
  PREPARED,
)}
    select ${PLACE},
      case when a.status = 'accepted' and (a.student_id = ${reader.id} or p.company_id = ${reader.id} or ${reader.admin}::boolean)
      then (select coalesce(jsonb_agg(jsonb_build_object(
                'id', m.id, 'title', m.title, 'expectations', m.expectations, 'due_on', to_char(m.due_on, 'YYYY-MM-DD'),
                'status', m.status,
                'deliverables', (select coalesce(jsonb_agg(jsonb_build_object(
                    'id', d.id, 'body', d.body, 'links', d.links, 'file_ids', d.file_ids, 'submitted_at', d.submitted_at,
                    'outcome', d.outcome, 'feedback', d.feedback, 'reviewed_at', d.reviewed_at) order by d.submitted_at), '[]')
                  from deliverables d where d.milestone_id = m.id))
              order by m.due_on, m.created_at), '[]')
         from milestones m where m.application_id = a.id) else '[]' end as milestones
      from ${PLACE_FROM}
     where a.id = ${applicationId}`;

/** The application's place, its row held until the caller's transaction ends (a change's turn). */
export async function heldPlace(db: Db, applicationId: string) {
  return (await sql<PlaceRow>`select ${PLACE} from ${PLACE_FROM} where a.id = ${applicationId} for update of a`.execute(db))
    .rows[0];
}

/** The workspace's statement run (workspaceQuery); undefined when there is no such application. */
export async function workspaceOf(db: Db, applicationId: string, reader: Reader) {
  return (await workspaceQuery(applicationId, reader).execute(db)).rows[0];
}
