import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { findPackageJSON } from "node:module";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";

/**
 * The Chromium the browser tests and the benchmark's Lighthouse drive: the one at CHROMIUM_PATH,
 * else the one `npm install` brings. @sparticuz/chromium ships Chromium's headless shell
 * brotli-compressed, with SwiftShader (the software GPU it draws WebGL and its compositing with)
 * and the NSS and expat libraries it links to. Its own executablePath() unpacks into /tmp, shared
 * by every clone on the machine whatever its version, and points the browser at those libraries
 * only on Amazon Linux (AWS Lambda and the like); so they are unpacked here instead, once per
 * version, into node_modules/.cache/chromium/, with a launcher that puts the libraries first: the
 * browser takes nothing from the system but glibc and fonts. A launcher rather than an environment
 * for each caller to pass: its path alone runs the browser, for Playwright, chrome-launcher or a
 * person.
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const manifest = findPackageJSON("@sparticuz/chromium", import.meta.url);
  if (!manifest) throw new Error("@sparticuz/chromium is not installed: run npm install");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  const cache = join(import.meta.dirname, "..", "node_modules", ".cache", "chromium");
  const launcher = join(cache, version, "chromium");
  if (!existsSync(launcher)) await unpack(join(dirname(manifest), "bin"), dirname(launcher), cache);
  return launcher;
}

// The launcher is written last: while it is missing, what the folder holds is not a whole browser.
async function unpack(packed: string, into: string, cache: string) {
  // Another version's browser, or an unpacking cut short.
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  console.log(`Unpacking Chromium from @sparticuz/chromium into ${into}`);
  await Promise.all([
    pipeline(
      createReadStream(join(packed, "chromium.br")),
      createBrotliDecompress(),
      createWriteStream(join(into, "headless_shell"), { mode: 0o755 }),
    ),
    // Beside the browser, where it looks for them: libEGL, libGLESv2 and Vulkan's SwiftShader.
    untar(join(packed, "swiftshader.tar.br"), into),
    // NSS and expat, into lib/.
    untar(join(packed, "al2023.tar.br"), into),
  ]);
  await writeFile(
    join(into, "chromium"),
    [
      "#!/bin/sh",
      'here="$(dirname "$0")"',
      'LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/headless_shell" "$@"',
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
}

async function untar(archive: string, into: string) {
  const tar = spawn("tar", ["-x", "-C", into], { stdio: ["pipe", "inherit", "inherit"] });
  const exited = once(tar, "exit");
  await pipeline(createReadStream(archive), createBrotliDecompress(), tar.stdin);
  const [code] = await exited;
  if (code !== 0) throw new Error(`tar could not unpack ${archive} (exit code ${String(code)})`);
}
