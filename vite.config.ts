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
  environments: {
    // Every page loads React and React Router, and the shell the root renders (header, footer,
    // toasts): each as one file rather than a dozen small ones, which gzip worse apart. The shell's
    // list names what app/root.tsx imports for the browser.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
                },
                {
                  name: "shell",
                  test: /[\\/]app[\\/](components[\\/](critical-css|navigation-progress|site-footer|site-header|toaster|logo-list)|lib[\\/](not-sent|use-input-before-hydration|route-errors|toast))\.tsx?$/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
