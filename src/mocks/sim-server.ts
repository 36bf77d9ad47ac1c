// A simulated OpenAI-compatible model server on loopback, for the CLI and demos without a model:
//   npm run sim -- [--port 8080]
// It serves the same behaviour as the msw handlers (src/mocks/simulated-model.ts).
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_FIXTURE_DIR, loadFixtureDir, loadMatrixDir } from "../cli/fixture-files.ts";
import { MALFORMED_BODY, simulateChat, simulatedModelList } from "./simulated-model.ts";

const { values } = parseArgs({ options: { port: { type: "string", default: "8080" }, scale: { type: "string", default: "0.05" }, fixtures: { type: "string" } } });
const dir = values.fixtures ?? DEFAULT_FIXTURE_DIR;
// The attack matrix's fixtures too, when the folder has tasks: `npm run matrix -- --candidate http`
// against this server then reaches finbound-sim/susceptible:<p> on every cell.
const fixtures = [...loadFixtureDir(dir), ...(existsSync(join(dir, "tasks")) ? loadMatrixDir(dir).cells.map((c) => c.fixture) : [])];
const latencyScale = Number(values.scale);

const server = createServer((req, res) => {
  const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type, authorization", "access-control-allow-methods": "GET, POST, OPTIONS" };
  if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
  if (req.method === "GET" && req.url?.endsWith("/v1/models")) {
    res.writeHead(200, { "content-type": "application/json", ...cors });
    return void res.end(JSON.stringify(simulatedModelList(fixtures)));
  }
  if (req.method !== "POST" || !req.url?.endsWith("/v1/chat/completions")) return void res.writeHead(404, cors).end();
  let raw = "";
  req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
  req.on("end", () => {
    let body: unknown = null;
    try {
      body = JSON.parse(raw);
    } catch {
      return void res.writeHead(500, { "content-type": "application/json", ...cors }).end(MALFORMED_BODY);
    }
    const sim = simulateChat(body, fixtures, { latencyScale });
    const timer = setTimeout(() => {
      switch (sim.kind) {
        case "json":
        case "text":
          res.writeHead(sim.status, { "content-type": "application/json", ...cors });
          return void res.end(typeof sim.body === "string" ? sim.body : JSON.stringify(sim.body));
        case "drop":
          return void req.socket.destroy();
        case "sse":
          res.writeHead(200, { "content-type": "text/event-stream", ...cors });
          for (const chunk of sim.chunks) res.write(chunk);
          if (sim.done) return void res.end("data: [DONE]\n\n");
          return void req.socket.destroy();
      }
    }, sim.delayMs);
    res.on("close", () => clearTimeout(timer));
  });
});

server.listen(Number(values.port), "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : values.port;
  process.stdout.write(`simulated model server on http://127.0.0.1:${port} (models: finbound-sim/<candidate>, finbound-sim/susceptible:<p>, finbound-sim/fault:<name>)\n`);
});
