import { type Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The browser tests build into their own folder (BUILD_DIR), so `npm test` never replaces the
  // build a running `npm start` serves.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
