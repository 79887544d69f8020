import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seedCatalogue, seedUsers } from "../../scripts/seed/seed";

// Every test file starts from the migrated schema and the demo catalogue (the seed is idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedCatalogue(env);
await seedUsers(env);
