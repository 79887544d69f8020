import { getPlatformProxy } from "wrangler";
import { rasterize } from "../../../scripts/seed/raster.ts";
import { seedPictures, type SeedBindings } from "../../../scripts/seed/seed.ts";
import { hardCases } from "./hard-cases.ts";
import { E2E_PERSIST_DIR } from "./server.ts";

/**
 * Writes the pictures of the layout guard's hard cases into the browser tests' fresh state, while
 * the state is prepared beside Vitest (./prepare-server.ts), where the machine has room for the
 * rendering. Pictures no row points at are not shown: the tests before the guard still see the
 * untouched seed, and the guard's setup (tests/e2e/layout.setup.ts) then only adds the rows.
 */
export async function writeHardCasePictures() {
  const proxy = await getPlatformProxy<SeedBindings>({
    configPath: "wrangler.toml",
    persist: { path: `${E2E_PERSIST_DIR}/v3` },
  });
  try {
    return await seedPictures(proxy.env.IMAGE_BUCKET, hardCases, { rasterize });
  } finally {
    // oxlint-disable-next-line epic-web/no-manual-dispose -- the platform proxy has no Symbol.asyncDispose
    await proxy.dispose();
  }
}
