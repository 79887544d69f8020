/**
 * Serves a production build of the app in workerd, on a local state:
 *   node scripts/serve-build.ts --build <dir> --persist <dir> --port <port>
 * (defaults: build, PERSIST_DIR or .wrangler/state, PORT or 8787: what `npm start` serves).
 * The worker, bindings and assets of the build's wrangler.json, as `wrangler dev --no-bundle`
 * serves them, with the secrets of the .dev.vars the build copied beside it, without what
 * `wrangler dev` adds for a person editing code: a second workerd that every request passes
 * through (its proxy, which holds requests while the code reloads) and a debugger session that
 * reads the console back over the inspector. With them the server took half as much CPU again
 * through the browser tests on this 2-core machine (48 CPU-seconds, not 32). Nor does it pass
 * each request through Node as `vite preview` does, whose fetch into workerd failed under load: a
 * crawl of the site 8 requests at a time had 248 of 7,916 requests fail there with a 500, and none
 * of 8,590 here. `npm start`, the browser tests (playwright.config.ts) and the benchmark
 * (scripts/bench.ts) serve their builds with it.
 */
import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const { values: options } = parseArgs({
  options: {
    build: { type: "string", default: "build" },
    persist: { type: "string", default: process.env.PERSIST_DIR ?? ".wrangler/state" },
    port: { type: "string", default: process.env.PORT ?? "8787" },
  },
});

const serverDir = resolve(options.build, "server");
const {
  // The build's module rules, replaced by its modules listed one by one (Miniflare's own form).
  workerOptions: { modulesRules: _modulesRules, ...workerOptions },
  main = "index.js",
} = unstable_getMiniflareWorkerOptions(join(serverDir, "wrangler.json"));
const chunks = (await readdir(join(serverDir, "assets"))).filter((file) => file.endsWith(".js"));

const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    host: "localhost",
    port: Number(options.port),
    // Where `wrangler dev --persist-to` keeps its state, and scripts/prepare-local.ts writes it.
    resourcePersistencePath: resolve(options.persist, "v3"),
    log: new Log(LogLevel.WARN),
    // The app reads nothing of request.cf: no fetch of Cloudflare's sample at each start, which
    // offline only printed a warning and a stack trace.
    cf: false,
    // The cron run for any moment, as `wrangler dev` offers it: /cdn-cgi/local/scheduled?time=<ms>
    // (the browser tests let a hold lapse 72 hours on).
    unsafeTriggerHandlers: true,
    workers: [
      {
        ...workerOptions,
        // `TEST_NOW=… npm test`: the site's clock starts from that moment (app/lib/clock.server.ts).
        bindings: {
          ...(workerOptions.bindings as Record<string, unknown> | undefined),
          ...(process.env.TEST_NOW && { TEST_NOW: process.env.TEST_NOW }),
          // The cron has no visitor's request to take an address from: its e-mails link here,
          // whatever .dev.vars says (the browser tests follow them to this server).
          SITE_URL: `http://localhost:${options.port}`,
        },
        modulesRoot: serverDir,
        modules: [main, ...chunks.map((chunk) => `assets/${chunk}`)].map((path) => ({
          type: "ESModule" as const,
          path,
        })),
      },
    ],
  }),
);
console.log(`Serving ${options.build} on ${(await miniflare.ready).href}`);
