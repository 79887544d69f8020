import { readD1Migrations } from "@cloudflare/vitest-plugin";

/**
 * Applies the migrations in `migrations/` that `db` lacks, each with its bookkeeping row in one
 * batch, in wrangler's own `d1_migrations` table: `wrangler d1 migrations apply` sees them as
 * applied. Through the platform proxy the seed already holds this takes a fraction of a second,
 * where starting wrangler for it took about 13 s. The SQL files are split by the Cloudflare
 * plugin's reader, as the workerd tests read them.
 */
export async function applyMigrations(db: D1Database) {
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS d1_migrations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT UNIQUE,
        applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
      )`,
    )
    .run();
  const { results } = await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>();
  const applied = new Set(results.map(({ name }) => name));
  const recordApplied = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  let count = 0;
  for (const migration of await readD1Migrations("migrations")) {
    if (applied.has(migration.name)) continue;
    await db.batch([
      ...migration.queries.map((query) => db.prepare(query)),
      recordApplied.bind(migration.name),
    ]);
    count += 1;
  }
  return count;
}
