// Builds the Node CLI ahead of time: each script entry bundled into one ES module in dist-cli/, so
// `npm run eval` starts node on plain JavaScript instead of compiling TypeScript through tsx first.
// Run by `npm run build:cli` and by `prepare` (so `npm ci` and `npm install` build it too).
//
// An entry is every src/cli/*.ts that starts itself (`await runAsScript(main)` or `await runMain(...)`),
// plus EXTRA_ENTRIES. A new command needs no change here: end its file with
// `if (isEntryPoint(import.meta.url)) await runAsScript(main);` and give it a package.json script
// `node dist-cli/cli/<name>.js`.
//
// The bundles keep the source layout two folders deep (dist-cli/cli/eval.js mirrors src/cli/eval.ts), so
// a path taken relative to `import.meta.url` (src/node/fixture-files.ts: ../../fixtures/) means the same
// folder in both.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, "dist-cli");
// The bench's MCP agents run in a worker thread started from their own bundle.
const EXTRA_ENTRIES = ["src/mocks/sim-server.ts", "src/cli/bench-mcp-agents.ts"];
const STARTS_ITSELF = /\bawait (runAsScript|runMain)\(/;
const ENTRY_GUARD = "isEntryPoint(import.meta.url)";
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
  // One build per entry (in parallel), so each knows which module is its own entry. Built over the old
  // bundles, not after deleting them, so a command started meanwhile still finds its file.
  const results = await Promise.all(entries.map((entry) => buildEntry(entry, entries)));
  const outputs = results.flatMap((r) => Object.entries(r.metafile.outputs));
  checkBundles(outputs);
  removeStale(new Set(outputs.map(([o]) => join(ROOT, o))));
  if (!quiet) process.stdout.write(`built ${entries.length} CLI entries into ${relative(process.cwd(), OUT) || "."}/: ${entries.map((e) => e.replace(/^src\//, "")).join(", ")}\n`);
  return entries;
}

function buildEntry(entry, entries) {
  return build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outbase: "src",
    outdir: OUT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Bundled CommonJS (canonicalize, fast-check's deps) may call require(): give ESM one.
    banner: { js: 'import { createRequire as __finboundRequire } from "node:module"; const require = __finboundRequire(import.meta.url);' },
    plugins: [onlyThisEntryStarts(entry, entries)],
    metafile: true,
    logLevel: "warning",
  });
}

/**
 * In a bundle every module shares the bundle's `import.meta.url`, so a command that imports another
 * command's file (bench → bench-import) would find both entry guards true and start both. In this
 * entry's bundle, every other entry's guard reads `false`.
 */
function onlyThisEntryStarts(entry, entries) {
  const others = new Set(entries.filter((e) => e !== entry).map((e) => join(ROOT, e)));
  return {
    name: "only-this-entry-starts",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!others.has(args.path)) return undefined;
        const source = readFileSync(args.path, "utf8");
        return { contents: source.replaceAll(ENTRY_GUARD, "false"), loader: "ts" };
      });
    },
  };
}

/** Bundles of entries that no longer exist. */
function removeStale(built) {
  for (const entry of readdirSync(OUT, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !built.has(path)) rmSync(path);
  }
}

/**
 * Another entry inside a bundle must start only behind its guard (which the plugin turned off), and
 * nothing of the browser's half may be pulled in.
 */
function checkBundles(outputs) {
  const problems = [];
  for (const [output, { inputs, entryPoint }] of outputs) {
    const sources = Object.keys(inputs);
    const unguarded = sources
      .filter((s) => s.startsWith("src/") && s !== entryPoint)
      .filter((s) => {
        const source = readFileSync(join(ROOT, s), "utf8");
        return STARTS_ITSELF.test(source) && !source.includes(ENTRY_GUARD);
      });
    if (unguarded.length > 0) problems.push(`${output} would start ${unguarded.join(", ")} too: guard its start with if (${ENTRY_GUARD})`);
    const browser = sources.filter((s) => BROWSER_ONLY.test(s));
    if (browser.length > 0) problems.push(`${output} pulls in browser-only modules: ${browser.join(", ")}`);
  }
  if (problems.length > 0) throw new Error(`build-cli: ${problems.join("\n")}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildCli();
