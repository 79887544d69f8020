import { applyD1Migrations } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { seedCatalogue, seedUsers } from "../../scripts/seed/seed";

// The files a test worker runs share its storage: the first one migrates and seeds it (the
// migrations and the seed are idempotent; a seeded database is recognised and left as it is).
const seeded = await env.DB.prepare(
  "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'locations'",
)
  .first()
  .then((table) => (table ? env.DB.prepare("SELECT 1 FROM locations LIMIT 1").first() : null));
if (!seeded) {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await seedCatalogue(env);
  await seedUsers(env);
}

// The first request through a test worker loads the whole app; it happens here, outside any one
// test's time limit, so a busy machine running many workers does not time out a file's first test.
await exports.default.fetch(new Request("http://localhost/terms-of-service"));
