/**
 * Makes the local Cloudflare state ready: applies D1 migrations, then seeds D1 and R2 with the
 * demo catalogue where it is missing. Safe to run again: existing data is kept.
 *   PERSIST_DIR  where miniflare keeps local state (default .wrangler/state)
 *   --scale N    a catalogue N times the seed's, for measuring (scripts/seed/scale.ts); 1 goes back
 */
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { rasterize } from "./seed/raster.ts";
import { invalidateLocationCaches } from "../app/lib/cache.server.ts";
import { applyMigrations } from "./seed/migrate.ts";
import { scaleCatalogueStatements } from "./seed/scale.ts";
import { seedCatalogue, seedUsers, seedWeeks, type SeedBindings } from "./seed/seed.ts";
import "./dev-vars.ts";

const persistDir = process.env.PERSIST_DIR ?? ".wrangler/state";
const { values: options } = parseArgs({ options: { scale: { type: "string" } } });
const scale = options.scale === undefined ? null : Number(options.scale);

const proxy = await getPlatformProxy<SeedBindings & { CACHE: KVNamespace }>({
  configPath: "wrangler.toml",
  // wrangler and the Vite plugin keep their state under `${persistDir}/v3`; the proxy takes the full path.
  persist: { path: `${persistDir}/v3` },
});
try {
  const migrated = await applyMigrations(proxy.env.DB);
  if (migrated > 0) console.log(`Migrations: ${migrated} applied.`);
  const started = Date.now();
  // The seed's weeks start from the site's clock: TEST_NOW, when set, is its moment.
  const seedEnv = { ...proxy.env, TEST_NOW: process.env.TEST_NOW };
  const result = await seedCatalogue(seedEnv, undefined, { rasterize });
  await seedUsers(proxy.env);
  console.log(
    `Seed: ${result.rowsInserted} rows inserted, ${result.picturesWritten} pictures written in ${Math.round((Date.now() - started) / 1000)} s (existing data kept).`,
  );
  if (scale !== null) {
    await proxy.env.DB.batch(scaleCatalogueStatements(proxy.env.DB, scale));
    await seedWeeks(seedEnv);
    // The cached lists and pages are of the catalogue before.
    await invalidateLocationCaches(proxy.env.CACHE);
    const { count } = (await proxy.env.DB.prepare("SELECT count(*) AS count FROM locations").first<{
      count: number;
    }>())!;
    console.log(`Scale ${scale}: ${count} locations.`);
  }
} finally {
  // oxlint-disable-next-line epic-web/no-manual-dispose -- the platform proxy has no Symbol.asyncDispose
  await proxy.dispose();
}
