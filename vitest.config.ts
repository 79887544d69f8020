import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { generateSigningKey } from "./app/auth/signing-keys.server";

// Tests run inside workerd with real local D1, R2 and KV. `main` is the built worker (run
// `npm run build` first; `npm test` does), so requests go through the whole production app.
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      main: "./build/server/index.js",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          SESSION_SIGNING_KEY: await generateSigningKey(),
        },
      },
    }),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/workers/**/*.test.ts"],
    setupFiles: ["./tests/workers/setup.ts"],
  },
}));
