import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // The same local D1, R2 and KV state that scripts/prepare-local.ts migrates and seeds.
      persistState: { path: process.env.PERSIST_DIR ?? ".wrangler/state" },
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  preview: { port: Number(process.env.PORT ?? 8787), strictPort: true, host: "localhost" },
});
