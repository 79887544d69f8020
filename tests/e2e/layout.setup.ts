import { test as setup } from "@playwright/test";
import { getPlatformProxy } from "wrangler";
import { invalidateLocationCaches } from "../../app/lib/cache.server";
import { rasterize } from "../../scripts/seed/raster";
import { seedCatalogue, type SeedBindings } from "../../scripts/seed/seed";
import { hardCases } from "./support/hard-cases";
import { E2E_PERSIST_DIR } from "./support/server";

// The running test server's D1, R2 and KV, reached through wrangler's platform proxy on the same
// local state; the cleared list cache makes the new locations show at once. Their pictures are
// raster photos in sized variants, like the rest of the seed and like an upload.
setup("seed the layout guard's hard cases", async () => {
  // The pictures are normally written already (./support/hard-case-pictures.ts); on a server
  // started by hand they are rendered here: about 60, each in every width and format.
  setup.setTimeout(300_000);
  const proxy = await getPlatformProxy<SeedBindings & { CACHE: KVNamespace }>({
    configPath: "wrangler.toml",
    persist: { path: `${E2E_PERSIST_DIR}/v3` },
  });
  try {
    await seedCatalogue(proxy.env, hardCases, { rasterize });
    await invalidateLocationCaches(proxy.env.CACHE);
  } finally {
    // oxlint-disable-next-line epic-web/no-manual-dispose -- the platform proxy has no Symbol.asyncDispose
    await proxy.dispose();
  }
});
