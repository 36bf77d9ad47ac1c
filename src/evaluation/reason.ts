import type { ScoredRun } from "../schemas/scored-run.ts";

// Why a run ended as it did, in a few words for a table: the public code, the HTTP status, and for a
// failed connection what the socket said. The restricted diagnostics are read here only to name the
// kind of network failure (`connection refused`), never to show their text.

const NETWORK: readonly [RegExp, string][] = [
  [/ECONNREFUSED|connection refused/i, "connection refused"],
  [/ENOTFOUND|EAI_AGAIN|getaddrinfo/i, "host not found"],
  [/ECONNRESET|socket hang up|other side closed|terminated/i, "connection reset"],
  [/ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT/i, "connect timeout"],
  [/certificate|TLS|SSL/i, "TLS error"],
];

/** What a failed connection's restricted detail says, in a few words (`connection refused`), or null. */
export const networkFailureKind = (detail: string): string | null => NETWORK.find(([re]) => re.test(detail))?.[1] ?? null;

export function runReason(run: Pick<ScoredRun, "result" | "events" | "diagnostics">): string {
  const { result } = run;
  if (result.outcome === "budget_exhausted") return result.reason ?? "budget";
  if (result.outcome === "invalid_output") {
    const invalid = run.events.find((e) => e.kind === "invalid_output");
    return invalid?.kind === "invalid_output" ? invalid.code : "invalid_output";
  }
  if (result.set_by === "runtime" && result.outcome === "unavailable") {
    const failure = run.events.findLast((e) => e.kind === "model_failure");
    const code = result.policy_code ?? "unavailable";
    if (failure?.kind === "model_failure" && failure.status !== undefined) return `${code} ${failure.status}`;
    if (code === "model_network_error") {
      const detail = run.diagnostics?.findLast((d) => d.source === "model")?.detail ?? "";
      const kind = networkFailureKind(detail);
      return kind ? `${code} (${kind})` : code;
    }
    return code;
  }
  return result.policy_code ?? "-";
}
