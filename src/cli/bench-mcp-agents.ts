import { parentPort, workerData } from "node:worker_threads";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

// The agents of `npm run bench -- --mcp`, in a worker thread of their own: the server's thread then
// does the server's work only, and its CPU time is the server's. Run as a worker, never imported
// (bench-mcp.ts imports its types only), and kept to the MCP SDK so Node runs it as it is.

/** One tool call an agent makes: a tool's name and its arguments. */
export interface AgentCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** What the agents are to do: `sessions` sessions at once at each endpoint, each making every call of `calls` in turn. */
export interface AgentsTask {
  /** The MCP endpoints, served at the same time: their sessions take turns starting, so each sees the same machine. */
  readonly urls: readonly string[];
  readonly sessions: number;
  readonly calls: readonly AgentCall[];
  /** The mean pause before each call, as an agent thinks; each pause is drawn from half to one and a half of it. */
  readonly thinkMs: number;
}

/** A tool call's answer as the agent read it: its text and whether it was an error result. */
export interface AgentAnswer {
  readonly text: string;
  readonly isError: boolean;
}

export interface AgentsReport {
  /** Each call's time from sending to its answer, in milliseconds, every session's: one list per endpoint. */
  readonly latenciesMs: number[][];
  /** The first session's answers, call by call: one list per endpoint. */
  readonly answers: AgentAnswer[][];
  /** Calls whose answer was a transport or protocol error (a tool's own error result is an answer). */
  readonly failures: string[];
}

/** A fixed sequence in [0.5, 1.5): pauses that differ between sessions and calls, the same in every run. */
const jitter = (session: number, call: number): number => 0.5 + ((session * 7919 + call * 104_729) % 1000) / 1000;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function session(task: AgentsTask, endpoint: number, index: number, report: AgentsReport): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL(task.urls[endpoint] as string));
  const client = new Client({ name: "finbound-bench", version: "1.0.0" });
  await client.connect(transport);
  for (const [i, call] of task.calls.entries()) {
    if (task.thinkMs > 0) await pause(task.thinkMs * jitter(index, i));
    const sent = performance.now();
    try {
      const result = await client.callTool(call);
      report.latenciesMs[endpoint]?.push(performance.now() - sent);
      if (index === 0) report.answers[endpoint]?.push(answerOf(result));
    } catch (error) {
      report.failures.push(`session ${index + 1}, call ${i + 1} (${call.name}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await transport.terminateSession();
  await client.close();
}

const answerOf = (result: Awaited<ReturnType<Client["callTool"]>>): AgentAnswer => {
  const content = Array.isArray(result.content) ? (result.content as { type?: unknown; text?: unknown }[]) : [];
  return { text: content.map((c) => (c.type === "text" && typeof c.text === "string" ? c.text : "")).join(""), isError: result.isError === true };
};

async function runAgents(task: AgentsTask): Promise<AgentsReport> {
  const report: AgentsReport = { latenciesMs: task.urls.map(() => []), answers: task.urls.map(() => []), failures: [] };
  const sessions = Array.from({ length: task.sessions }, (_, i) => task.urls.map((_url, endpoint) => session(task, endpoint, i, report)));
  await Promise.all(sessions.flat());
  return report;
}

if (parentPort) {
  const port = parentPort;
  runAgents(workerData as AgentsTask).then(
    (report) => port.postMessage({ ok: true, report }),
    (error: unknown) => port.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
}
