/**
 * Fails when the docs name a path that does not exist: a backticked path under the repository's
 * folders in `docs/` or the README, a relative Markdown link in `docs/`, or a `docs/…` file a
 * comment in the code cites. Part of `npm run validate`, so the docs cannot drift from the code.
 * Fails too when the README outgrows a newcomer's guide: how the suite is built and what it
 * measured belong in `docs/`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

const ROOTS = ["app", "docs", "migrations", "public", "scripts", "tests", "workers"];
/**
 * A path as the docs write one: a root folder, then names, maybe with alternatives
 * (`app/{a,b}.ts`); a path with a pattern or a placeholder (`*`, `<slug>`) is not checked.
 */
const BACKTICKED = new RegExp(`\`((?:${ROOTS.join("|")})/[\\w./+{},-]*)\``, "g");

const IN_CODE = new RegExp(`(?<![\\w/])(?:${ROOTS.join("|")})/[\\w./+{},-]*`, "g");

/** The paths a path with alternatives names: `a/{b,c}` is `a/b` and `a/c`. */
function expand(path: string): string[] {
  const open = path.indexOf("{");
  if (open === -1) return [path];
  const close = path.indexOf("}", open);
  return path
    .slice(open + 1, close)
    .split(",")
    .flatMap((choice) => expand(path.slice(0, open) + choice + path.slice(close + 1)));
}
const MARKDOWN_LINK = /\]\((?!https?:|mailto:|#)([^)#\s]+)(?:#[^)]*)?\)/g;
const CITED_DOC = /\bdocs\/[\w./-]+\.md\b/g;

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : filesUnder(path, keep);
    return keep(name) ? [path] : [];
  });
}

const README_MAX_LINES = 120;

const missing: string[] = [];
const check = (file: string, named: string, path: string) => {
  if (!existsSync(path)) missing.push(`${file}: ${named}`);
};

for (const file of ["README.md", ...filesUnder("docs", (name) => name.endsWith(".md"))]) {
  const text = readFileSync(file, "utf8");
  const fenced = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map(([, code]) => code!);
  const named = [
    ...[...text.matchAll(BACKTICKED)].map(([, path]) => path!),
    // In a code block a path stands alone, up to a pattern (`*.server.ts`: its folder is checked).
    ...fenced.flatMap((code) => code.match(IN_CODE) ?? []),
  ];
  for (const path of named) {
    for (const one of expand(path)) check(file, path, one.replace(/\.$/, ""));
  }
  if (file.startsWith("docs")) {
    for (const [, link] of text.matchAll(MARKDOWN_LINK)) {
      check(file, link!, join(dirname(file), decodeURIComponent(link!)));
    }
  }
}
for (const file of ["app", "scripts", "workers", "tests"].flatMap((folder) =>
  filesUnder(folder, (name) => /\.tsx?$/.test(name)),
)) {
  for (const [path] of readFileSync(file, "utf8").matchAll(CITED_DOC)) check(file, path, path);
}

const readmeLines = readFileSync("README.md", "utf8").trimEnd().split("\n").length;
if (readmeLines > README_MAX_LINES) {
  console.error(
    `README.md has ${readmeLines} lines, over ${README_MAX_LINES}: move the detail into docs/.`,
  );
  process.exit(1);
}
if (missing.length > 0) {
  console.error(`Paths named in the docs that do not exist:\n  ${missing.join("\n  ")}`);
  process.exit(1);
}
console.log("Every path the docs name exists.");
