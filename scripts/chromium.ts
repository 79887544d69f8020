import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { findPackageJSON } from "node:module";
import { basename, dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";

const CACHE = join(import.meta.dirname, "..", "node_modules", ".cache", "chromium");
const UNPACKING = ".unpacking-";
/** What is unpacked beside the browser, numbered: a new number unpacks every clone's copy again. */
const UNPACKED_LAYOUT = 3;

/**
 * The Chromium the browser tests and the benchmark's Lighthouse drive: the one at CHROMIUM_PATH,
 * else the one `npm install` brings. @sparticuz/chromium ships Chromium's headless shell
 * brotli-compressed, with SwiftShader (the software GPU it draws WebGL and its compositing with)
 * and the NSS and expat libraries it links to, and a font. Its own executablePath() unpacks into
 * /tmp, shared by every clone on the machine whatever its version, and points the browser at those
 * libraries only on Amazon Linux (AWS Lambda and the like); so they are unpacked here instead, once
 * per version, into node_modules/.cache/chromium/, with a launcher that puts the libraries first
 * and adds the font to the system's: the browser takes nothing from the system but glibc (and its
 * fonts, where it has some). A launcher rather than an environment for each caller to pass: its
 * path alone runs the browser, for Playwright, chrome-launcher or a person.
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const manifest = findPackageJSON("@sparticuz/chromium", import.meta.url);
  if (!manifest) throw new Error("@sparticuz/chromium is not installed: run npm install");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  const browser = join(CACHE, `${version}-${UNPACKED_LAYOUT}`);
  if (!existsSync(browser)) await unpack(join(dirname(manifest), "bin"), browser);
  return join(browser, "chromium");
}

/**
 * Into a folder of this process's own, renamed into place once whole: processes that start at once
 * each unpack (`npm test`'s knip and a unit test both read playwright.config.ts), and the first to
 * finish wins.
 */
async function unpack(packed: string, browser: string) {
  const partial = `${browser}${UNPACKING}${process.pid}`;
  mkdirSync(partial, { recursive: true });
  console.log(`Unpacking Chromium from @sparticuz/chromium into ${browser}`);
  await Promise.all([
    pipeline(
      createReadStream(join(packed, "chromium.br")),
      createBrotliDecompress(),
      createWriteStream(join(partial, "headless_shell"), { mode: 0o755 }),
    ),
    // Beside the browser, where it looks for them: libEGL, libGLESv2 and Vulkan's SwiftShader.
    untar(join(packed, "swiftshader.tar.br"), partial),
    // NSS and expat, into lib/.
    untar(join(packed, "al2023.tar.br"), partial),
    // Open Sans, into fonts/: text in no web font still has a face where the system has none.
    untar(join(packed, "fonts.tar.br"), partial),
  ]);
  // The system's fonts where it has any, then the package's (paths relative to this file).
  await writeFile(
    join(partial, "fonts.conf"),
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      "<fontconfig>",
      '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
      '  <dir prefix="relative">fonts</dir>',
      // The user's own font cache: a relative one would land in whatever folder the browser starts in.
      '  <cachedir prefix="xdg">fontconfig</cachedir>',
      "</fontconfig>",
      "",
    ].join("\n"),
  );
  await writeFile(
    join(partial, "chromium"),
    [
      "#!/bin/sh",
      'here="$(cd "$(dirname "$0")" && pwd)"',
      'export FONTCONFIG_FILE="$here/fonts.conf"',
      'LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/headless_shell" "$@"',
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
  try {
    renameSync(partial, browser);
  } catch (error) {
    if (!existsSync(browser)) throw error;
  }
  removeAllBut(browser);
}

// Through a file: tar may stop reading a pipe at the archive's end, before the padding after it.
async function untar(archive: string, into: string) {
  const tarball = join(into, basename(archive, ".br"));
  await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(tarball));
  const tar = spawn("tar", ["-xf", tarball, "-C", into], { stdio: "inherit" });
  const [code] = await once(tar, "exit");
  if (code !== 0) throw new Error(`tar could not unpack ${archive} (exit code ${String(code)})`);
  rmSync(tarball);
}

/** Removes other versions' browsers and unpackings cut short or beaten, but not one under way. */
function removeAllBut(browser: string) {
  for (const name of readdirSync(CACHE)) {
    const [, unpacker] = name.split(UNPACKING);
    const underWay =
      unpacker !== undefined && Number(unpacker) !== process.pid && isRunning(Number(unpacker));
    if (join(CACHE, name) !== browser && !underWay) {
      rmSync(join(CACHE, name), { recursive: true, force: true });
    }
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // It runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
