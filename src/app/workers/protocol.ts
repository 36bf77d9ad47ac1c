import { z } from "zod";

// One protocol for every worker of the workbench: the page sends a request; the worker answers with
// progress as it goes, then one `done` with its result or one `failed` with why (the import worker
// adds its own kinds of message to these, import-protocol.ts; a worker asked many times, as the
// leaderboard's is, tags each `done` and `failed` with its request's id). The page reads every message through a
// schema, as it reads any boundary: what crosses postMessage is data, and a message that breaks the
// protocol ends the task with a failure that says so, never a half-read value.

export const FailedMessage = z.strictObject({ type: z.literal("failed"), message: z.string() });
export const progressMessage = <P extends z.ZodType>(progress: P) => z.strictObject({ type: z.literal("progress"), progress });
export const doneMessage = <R extends z.ZodType>(result: R) => z.strictObject({ type: z.literal("done"), result });

/** The same messages for a worker asked many times (one that keeps what it read): each answer and failure carries its request's id. */
export const answeredMessage = <R extends z.ZodType>(result: R) => doneMessage(result).extend({ id: z.number().int().nonnegative() });
export const FailedAnswer = FailedMessage.extend({ id: z.number().int().nonnegative() });

export type WorkerMessage<P, R> = { type: "progress"; progress: P } | { type: "done"; result: R } | { type: "failed"; message: string };

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A message that is not one of the protocol's, as the failure it ends the task with. */
export const brokenProtocol = (error: z.ZodError): string => `the worker sent a message outside its protocol: ${z.prettifyError(error)}`;

/** The worker's side: each request answered with the handler's progress, then its result or why it failed. */
export function serve<Q, P, R>(handle: (request: Q, progress: (progress: P) => void) => Promise<R>): void {
  const post = (message: WorkerMessage<P, R>): void => self.postMessage(message);
  self.onmessage = async (event: MessageEvent<Q>) => {
    try {
      post({ type: "done", result: await handle(event.data, (progress) => post({ type: "progress", progress })) });
    } catch (error) {
      post({ type: "failed", message: messageOf(error) });
    }
  };
}

/**
 * The page's side of a worker with one answer: sends the request to a worker made by `start` (the
 * bundler finds a worker only where `new Worker(new URL(…))` is written, so the caller writes it),
 * reads every message through the schemas, and ends the worker when the answer is in.
 */
export async function ask<Q, P extends z.ZodType, R extends z.ZodType>(
  start: () => Worker,
  request: Q,
  schemas: { progress: P; result: R },
  onProgress?: (progress: z.infer<P>) => void,
): Promise<z.infer<R>> {
  const message = z.discriminatedUnion("type", [progressMessage(schemas.progress), doneMessage(schemas.result), FailedMessage]);
  const worker = start();
  try {
    return await new Promise<z.infer<R>>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<unknown>) => {
        const read = message.safeParse(event.data);
        if (!read.success) return reject(new Error(brokenProtocol(read.error)));
        const data = read.data as WorkerMessage<z.infer<P>, z.infer<R>>;
        if (data.type === "progress") onProgress?.(data.progress);
        else if (data.type === "done") resolve(data.result);
        else reject(new Error(data.message));
      };
      worker.onerror = (event) => reject(new Error(event.message || "the worker failed"));
      worker.postMessage(request);
    });
  } finally {
    worker.terminate();
  }
}
