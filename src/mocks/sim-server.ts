// A simulated OpenAI-compatible model server on loopback, for the CLI and demos without a model:
//   npm run sim -- [--port 8080] [--scale 0.05] [--slots N] [--fixtures DIR]
// It serves the same behaviour as the msw handlers (src/mocks/simulated-model.ts); the server itself is
// startSimServer (src/mocks/loopback-server.ts), which tests start in process.
import { parseArgs } from "node:util";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_FIXTURE_DIR, loadFixtureDir, loadMatrixDir } from "../node/fixture-files.ts";
import { startSimServer } from "./loopback-server.ts";

const { values } = parseArgs({ options: { port: { type: "string", default: "8080" }, scale: { type: "string", default: "0.05" }, slots: { type: "string" }, fixtures: { type: "string" } } });
const slots = values.slots === undefined ? null : Number(values.slots);
if (slots !== null && !(Number.isInteger(slots) && slots > 0)) {
  process.stderr.write(`sim: --slots needs a positive whole number, not ${values.slots}\n`);
  process.exit(2);
}
const dir = values.fixtures ?? DEFAULT_FIXTURE_DIR;
// The attack matrix's fixtures too, when the folder has tasks: `npm run matrix -- --candidate http`
// against this server then reaches finbound-sim/susceptible:<p> on every cell.
const fixtures = [...loadFixtureDir(dir), ...(existsSync(join(dir, "tasks")) ? loadMatrixDir(dir).cells.map((c) => c.fixture) : [])];

const server = await startSimServer({ port: Number(values.port), fixtures, latencyScale: Number(values.scale), slots, log: (line) => process.stderr.write(`${line}\n`) });
const slotsNote = slots === null ? "unlimited slots" : `${slots} slot${slots === 1 ? "" : "s"}, the rest queued`;
process.stdout.write(`simulated model server on ${server.url} (${slotsNote}; models: finbound-sim/<candidate>, finbound-sim/susceptible:<p>, finbound-sim/fault:<name>; GET /props, GET /sim/stats)\n`);
