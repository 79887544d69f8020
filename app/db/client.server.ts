import { drizzle } from "drizzle-orm/d1";
import { countedWhenOn } from "~/dev/d1-counter.server";
import * as schema from "./schema";

/** A deployed build (`npm run deploy` sets VITE_DEPLOY) carries no development tooling. */
const LOCAL_TOOLS = import.meta.env.VITE_DEPLOY !== "1";

/** A drizzle client on D1, or on a D1 session (read replicas; see read-replicas.server.ts). */
export function createDb(d1: D1Database | D1DatabaseSession) {
  // A session runs the same prepared statements and batches; drizzle's types predate it.
  const client = d1 as D1Database;
  return drizzle(LOCAL_TOOLS ? countedWhenOn(client) : client, { schema });
}

export type Db = ReturnType<typeof createDb>;
