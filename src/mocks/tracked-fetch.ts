import type { FetchLike, ResponseLike } from "../candidates/http/wire.ts";

/** One request as the client saw it; times are `performance.now()`. */
export interface RequestTrace {
  startedAt: number;
  /** When the fetch resolved with its body fully read, or rejected; null while in flight. */
  settledAt: number | null;
  /** Whether the request's signal had been aborted by the time it settled. */
  aborted: boolean;
  readonly settled: Promise<void>;
}

/**
 * A fetch that records each request's life on the client side, where it matters: a server (or a
 * mock) can consider a request finished while the client still waits on it. The body is read here,
 * so "settled" includes the body. Not for streaming: the reply is handed on as text.
 */
export function trackedFetch(inner: FetchLike, extraHeaders: Record<string, string>, into: RequestTrace[]): FetchLike {
  return (url, init) => {
    const startedAt = performance.now();
    const work = (async (): Promise<ResponseLike> => {
      const response = await inner(url, { ...init, headers: { ...init.headers, ...extraHeaders } });
      const text = await response.text();
      return { ok: response.ok, status: response.status, text: async () => text };
    })();
    const life = { startedAt, settledAt: null as number | null, aborted: false };
    const settle = (): void => {
      life.settledAt = performance.now();
      life.aborted = init.signal?.aborted ?? false;
    };
    const trace: RequestTrace = Object.assign(life, { settled: work.then(settle, settle) });
    into.push(trace);
    return work;
  };
}

/** Waits until every request has settled, or `ms` have passed, whichever is first. */
export async function waitForRequests(requests: readonly RequestTrace[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(requests.map((r) => r.settled)), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
