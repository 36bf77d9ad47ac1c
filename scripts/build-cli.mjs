// Builds the Node CLI ahead of time: each script entry bundled into one ES module in dist-cli/, so
// `npm run eval` starts node on plain JavaScript instead of compiling TypeScript through tsx first.
// Run by `npm run build:cli` and by `prepare` (so `npm ci` and `npm install` build it too).
//
// An entry is every src/cli/*.ts that starts itself (`await runAsScript(main)` or `await runMain(...)`), plus EXTRA_ENTRIES.
// A new command needs no change here: give it its runAsScript line and a package.json script
// `node dist-cli/cli/<name>.js`.
//
// The bundles keep the source layout two folders deep (dist-cli/cli/eval.js mirrors src/cli/eval.ts), so
// a path taken relative to `import.meta.url` (src/cli/fixture-files.ts: ../../fixtures/) means the same
// folder in both.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, "dist-cli");
const EXTRA_ENTRIES = ["src/mocks/sim-server.ts"];
const STARTS_ITSELF = /\bawait (runAsScript|runMain)\(/;
// The browser's half: Vite-only syntax (import.meta.glob, ?raw) and the DOM. A CLI must never reach it.
const BROWSER_ONLY = /^src\/(state|ui|app)\/|\?raw$/;

export function cliEntries() {
  const cli = readdirSync(join(ROOT, "src", "cli"))
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `src/cli/${name}`)
    .filter((path) => STARTS_ITSELF.test(readFileSync(join(ROOT, path), "utf8")));
  return [...cli, ...EXTRA_ENTRIES].sort();
}

export async function buildCli({ quiet = false } = {}) {
  const entries = cliEntries();
  // Built over the old bundles, not after deleting them, so a command started meanwhile still finds its file.
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    outbase: "src",
    outdir: OUT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Bundled CommonJS (canonicalize, fast-check's deps) may call require(): give ESM one.
    banner: { js: 'import { createRequire as __finboundRequire } from "node:module"; const require = __finboundRequire(import.meta.url);' },
    metafile: true,
    logLevel: "warning",
  });
  checkBundles(result.metafile);
  removeStale(new Set(Object.keys(result.metafile.outputs).map((o) => join(ROOT, o))));
  if (!quiet) process.stdout.write(`built ${entries.length} CLI entries into ${relative(process.cwd(), OUT) || "."}/: ${entries.map((e) => e.replace(/^src\//, "")).join(", ")}\n`);
  return entries;
}

/** Bundles of entries that no longer exist. */
function removeStale(built) {
  for (const entry of readdirSync(OUT, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !built.has(path)) rmSync(path);
  }
}

/**
 * In a bundle every module shares the bundle's `import.meta.url`, so an entry that imported another
 * entry would start both commands. And nothing of the browser's half may be pulled in.
 */
function checkBundles(metafile) {
  const problems = [];
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    const sources = Object.keys(inputs);
    const starters = sources.filter((s) => /^src\/cli\/[^/]+\.ts$/.test(s) || EXTRA_ENTRIES.includes(s)).filter((s) => STARTS_ITSELF.test(readFileSync(join(ROOT, s), "utf8")));
    if (starters.length > 1) problems.push(`${output} holds more than one script entry (${starters.join(", ")}): move what they share out of the entry files`);
    const browser = sources.filter((s) => BROWSER_ONLY.test(s));
    if (browser.length > 0) problems.push(`${output} pulls in browser-only modules: ${browser.join(", ")}`);
  }
  if (problems.length > 0) throw new Error(`build-cli: ${problems.join("\n")}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildCli();
