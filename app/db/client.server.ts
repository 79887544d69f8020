import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle client on D1, or on a D1 session (read replicas; see read-replicas.server.ts). */
export function createDb(d1: D1Database | D1DatabaseSession) {
  // A session runs the same prepared statements and batches; drizzle's types predate it.
  return drizzle(d1 as D1Database, { schema });
}

export type Db = ReturnType<typeof createDb>;
