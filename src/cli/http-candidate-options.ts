import { httpCandidate } from "../candidates/http/http-candidate.ts";
import { HttpSettings, publicSettings } from "../candidates/http/settings.ts";
import type { FetchLike } from "../candidates/http/wire.ts";
import type { Candidate } from "../runtime/candidate.ts";
import { UsageError } from "./usage-error.ts";

export interface HttpCliOptions {
  "base-url"?: string | undefined;
  model?: string | undefined;
  "api-key-env"?: string | undefined;
  "response-format"?: string | undefined;
  stream?: boolean | undefined;
}

export interface HttpCandidateFactory {
  name: string;
  settings: Record<string, unknown>;
  make(): Candidate;
}

const nodeFetch: FetchLike = (url, init) => fetch(url, init);

/** Builds the HTTP candidate from CLI flags. The key is read from the named variable, never from argv. */
export function httpCandidateFromFlags(flags: HttpCliOptions, env: Readonly<Record<string, string | undefined>> = process.env): HttpCandidateFactory {
  if (!flags["base-url"]) throw new UsageError("--candidate http needs --base-url URL (e.g. http://127.0.0.1:8080)");
  if (!flags.model) throw new UsageError("--candidate http needs --model NAME");
  let apiKey: string | undefined;
  const keyVar = flags["api-key-env"];
  if (keyVar) {
    apiKey = env[keyVar];
    if (!apiKey) throw new UsageError(`--api-key-env ${keyVar}: the environment variable is not set`);
  }
  const parsed = HttpSettings.safeParse({
    baseUrl: flags["base-url"],
    model: flags.model,
    ...(apiKey ? { apiKey } : {}),
    ...(flags["response-format"] ? { responseFormat: flags["response-format"] } : {}),
    stream: flags.stream ?? false,
  });
  if (!parsed.success) throw new UsageError(`invalid HTTP settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  try {
    new URL(parsed.data.baseUrl);
  } catch {
    throw new UsageError(`--base-url ${flags["base-url"]} is not a URL`);
  }
  const settings = parsed.data;
  const name = `http:${settings.model}`;
  return { name, settings: publicSettings(settings), make: () => httpCandidate(name, settings, nodeFetch) };
}
