import { type BatchItem } from "drizzle-orm/batch";
import { type AppContext } from "~/context";
import { auditEvents } from "~/db/schema";
import { invalidateLocationCaches } from "~/lib/cache.server";

/** Who makes a change: recorded with it and shown on the Checklist as "last edited by". */
export interface Actor {
  email: string;
}

export type AuditEntry = Omit<typeof auditEvents.$inferInsert, "id" | "actorEmail" | "createdAt">;

/**
 * Every catalogue write ends here: its statements and the audit row go in one D1 batch (all of it
 * is stored or none), then the public caches are cleared so the change shows at the next request.
 */
export async function commitAudited(
  { db, env }: AppContext,
  actor: Actor,
  entry: AuditEntry,
  statements: BatchItem<"sqlite">[],
) {
  const audit = db
    .insert(auditEvents)
    .values({ id: crypto.randomUUID(), actorEmail: actor.email, ...entry });
  await db.batch([audit, ...statements]);
  await invalidateLocationCaches(env.CACHE);
}
