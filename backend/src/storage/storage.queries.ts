import { sql, type Kysely } from 'kysely';
import type { InferKyselyDB } from '@mikro-orm/postgresql';
import type { FileSchema, FileShareSchema, StorageUsageSchema } from './storage.entities.js';

/** The storage module's tables, as Kysely sees them. */
export type StorageDB = InferKyselyDB<typeof FileSchema | typeof FileShareSchema | typeof StorageUsageSchema>;
type Db = Kysely<StorageDB>;

/**
 * Reserves `bytes` and one file slot on the owner's usage row if both still fit: one conditional
 * upsert, which locks the row for an instant, so parallel uploads take turns and cannot pass the
 * quota together. Returns whether the reservation was made.
 */
export async function reserve(db: Db, ownerId: string, bytes: number, quota: number, maxFiles: number) {
  const row = await db
    .insertInto('storage_usage')
    .values({ user_id: ownerId, bytes, files: 1, updated_at: new Date() })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({
          bytes: sql`storage_usage.bytes + excluded.bytes`,
          files: sql`storage_usage.files + 1`,
          updated_at: sql`now()`,
        })
        .where(sql<boolean>`storage_usage.bytes + excluded.bytes <= ${quota} and storage_usage.files + 1 <= ${maxFiles}`),
    )
    .returning('files')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a file's bytes and slot back. */
export async function release(db: Db, ownerId: string, bytes: number) {
  await db
    .updateTable('storage_usage')
    .set({ bytes: sql`greatest(bytes - ${bytes}, 0)`, files: sql`greatest(files - 1, 0)`, updated_at: new Date() })
    .where('user_id', '=', ownerId)
    .execute();
}

/** Sets each usage row quiet for an hour to what its files hold; returns how many were wrong. */
export async function reconcileUsage(db: Db) {
  const rows = await sql<{ user_id: string }>`
    update storage_usage u
       set bytes = x.bytes, files = x.files, updated_at = now()
      from (select s.user_id, coalesce(sum(f.size), 0) as bytes, count(f.id) as files
              from storage_usage s left join files f on f.owner_id = s.user_id
             where s.updated_at < now() - interval '1 hour'
             group by s.user_id) x
     where u.user_id = x.user_id and (u.bytes <> x.bytes or u.files <> x.files)
    returning u.user_id`.execute(db);
  return rows.rows.length;
}

/** Whether the file was shared with `reader`, or (`reader` null) with anyone besides its owner. */
export async function isShared(db: Db, fileId: string, reader: string | null) {
  let shares = db.selectFrom('file_shares').select('file_id').where('file_id', '=', fileId);
  if (reader !== null) shares = shares.where('user_id', '=', reader);
  return (await shares.executeTakeFirst()) !== undefined;
}
