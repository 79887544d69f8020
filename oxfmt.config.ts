import epicOxfmt from "@epic-web/config/oxfmt";
import { defineConfig } from "oxfmt";

// The Epic Web preset, in this codebase's established style.
export default defineConfig({
  ...epicOxfmt,
  printWidth: 100,
  semi: true,
  singleQuote: false,
  useTabs: false,
  ignorePatterns: [
    ...(epicOxfmt.ignorePatterns ?? []),
    "**/.wrangler/**",
    "**/.react-router/**",
    "migrations/meta/**",
    "public/**",
  ],
});
