import { sql, type SQL } from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { type AppContext } from "~/context";
import { auditEvents, type locations, type roomTypes } from "~/db/schema";
import { invalidateLocationCaches } from "~/lib/cache.server";

/** Who makes a change: recorded with it and shown on the Checklist as "last edited by". */
export interface Actor {
  email: string;
}

export type AuditEntry = Omit<typeof auditEvents.$inferInsert, "id" | "actorEmail" | "createdAt">;

/**
 * Every catalogue write ends here: its statements and the audit row go in one D1 batch (all of it
 * is stored or none), then the public caches are cleared so the change shows at the next request.
 * `when`: the audit row is written only if it holds after the statements (a guarded update that
 * matched nothing changed nothing, and records nothing). The statements' results are returned.
 */
export async function commitAudited(
  { db, env, now }: AppContext,
  actor: Actor,
  entry: AuditEntry,
  statements: BatchItem<"sqlite">[],
  { when }: { when?: SQL } = {},
) {
  const row = {
    id: crypto.randomUUID(),
    actorEmail: actor.email,
    ...entry,
    createdAt: now.toISOString(),
  };
  const value = (text: string | null | undefined, column: string) =>
    sql<string>`${text ?? null}`.as(column);
  const audit = when
    ? db.insert(auditEvents).select((qb) =>
        qb
          .select({
            id: value(row.id, "id"),
            actorEmail: value(row.actorEmail, "actor_email"),
            action: value(row.action, "action"),
            entityType: value(row.entityType, "entity_type"),
            entityId: value(row.entityId, "entity_id"),
            locationId: value(row.locationId, "location_id"),
            summary: value(row.summary, "summary"),
            createdAt: value(row.createdAt, "created_at"),
          })
          .from(sql`(SELECT 1)`)
          .where(when),
      )
    : db.insert(auditEvents).values(row);
  // After the statements, so that `when` reads what they wrote.
  const [first, ...rest] = statements;
  const results: unknown[] = await db.batch(first ? [first, ...rest, audit] : [audit]);
  await invalidateLocationCaches(env.CACHE);
  return results;
}

/**
 * For `when`: the row was written with this updated_at (a save that matched its version did it).
 * A save carries the version its form was opened at, so a page older than the last save is
 * refused instead of putting back what that save changed.
 */
export const savedAt = (
  table: typeof locations | typeof roomTypes,
  id: string,
  updatedAt: string,
) =>
  sql`EXISTS (SELECT 1 FROM ${table} WHERE ${table.id} = ${id} AND ${table.updatedAt} = ${updatedAt})`;
