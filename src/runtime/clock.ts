import { isPending, type Awaitable } from "./awaitable.ts";

/**
 * Time for a run. Operations that take time (a model request, a tool call) run through
 * `within`, which bounds them by a limit. A simulated operation declares how long it took
 * (`durationMs`); the virtual clock then advances by that instead of waiting, so a 30 s
 * deadline is reached in microseconds and replays are deterministic.
 */
export interface Clock {
  /** Milliseconds since the clock was made; never decreases. */
  now(): number;
  /** On the virtual clock an operation that gives its value at once is bounded at once, with no turn yielded. */
  within<T>(limitMs: number, op: (signal: AbortSignal) => Awaitable<Timed<T>>, cancel?: AbortSignal): Awaitable<Bounded<T>>;
  /**
   * Virtual clocks only: move on to a recorded instant (never back). A replay moves its clock to the
   * instant the recorded run sent each request, so every check of the time left is made at the same instant.
   */
  reach?(instant: number): void;
}

/** An operation's value and, for simulated operations, how long it is meant to take. */
export interface Timed<T> {
  value: T;
  durationMs?: number;
  /**
   * A recorded operation re-enacted: it ends so, after `durationMs`, whatever its duration and limit
   * would say. (A recorded answer that arrived just inside its limit stays an answer.)
   */
  ends?: "done" | "timeout";
}

/**
 * How a bounded operation ended. `elapsedMs` is its time on the clock: the declared duration (or the
 * limit, when it timed out) on a virtual clock, the measured time on the real one. Runs count time
 * with it, so a replay that declares a recorded latency counts exactly that latency.
 */
export type Bounded<T> =
  | { status: "done"; value: T; elapsedMs: number }
  | { status: "timeout"; elapsedMs: number }
  | { status: "cancelled" }
  | { status: "failed"; error: unknown };

/** An operation that takes its whole allowance (or more) has timed out. */
const fitsIn = (durationMs: number, limitMs: number): boolean => durationMs < limitMs;

/**
 * The signal of every operation on a virtual clock. Virtual time cannot cut an operation short: its
 * limit is judged once it has finished, so there is never anything left to abort, and making a
 * controller per request and tool call would only cost time. (A run that must be cut short while it
 * waits — a model over HTTP — runs on the real clock.)
 */
const NEVER_CUT: AbortSignal = new AbortController().signal;

export function createVirtualClock(): Clock & { advance(ms: number): void; reach(instant: number): void } {
  let t = 0;
  const advance = (ms: number): void => {
    if (ms > 0) t += ms;
  };
  return {
    now: () => t,
    advance,
    reach(instant) {
      if (instant > t) t = instant;
    },
    within(limitMs, op, cancel) {
      if (cancel?.aborted) return { status: "cancelled" };
      type Value = Awaited<ReturnType<typeof op>>["value"];
      const bounded = (timed: Timed<Value>): Bounded<Value> => {
        const duration = timed.durationMs ?? 0;
        if (timed.ends !== undefined) {
          advance(duration);
          return timed.ends === "done" ? { status: "done", value: timed.value, elapsedMs: duration } : { status: "timeout", elapsedMs: duration };
        }
        if (!fitsIn(duration, limitMs)) {
          advance(limitMs);
          return { status: "timeout", elapsedMs: limitMs };
        }
        advance(duration);
        return { status: "done", value: timed.value, elapsedMs: duration };
      };
      const failed = (error: unknown): Bounded<Value> => ({ status: "failed", error });
      let timed: Awaitable<Timed<Value>>;
      try {
        timed = op(NEVER_CUT);
      } catch (error) {
        return failed(error);
      }
      return isPending(timed) ? timed.then(bounded, failed) : bounded(timed);
    },
  };
}

/** The real monotonic clock: real timers, and an operation is aborted when its limit passes. */
export function createRealClock(): Clock {
  const origin = performance.now();
  const now = (): number => performance.now() - origin;
  return {
    now,
    within(limitMs, op, cancel) {
      return new Promise((resolve) => {
        const controller = new AbortController();
        let settled = false;
        let declaredWait: ReturnType<typeof setTimeout> | undefined;
        const start = now();
        const settle = (b: Bounded<never> | { status: "done"; value: unknown; elapsedMs: number }): void => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          clearTimeout(declaredWait);
          cancel?.removeEventListener("abort", onCancel);
          resolve(b as never);
        };
        const onCancel = (): void => {
          controller.abort("cancelled");
          settle({ status: "cancelled" });
        };
        const timer = setTimeout(() => {
          controller.abort("timeout");
          settle({ status: "timeout", elapsedMs: now() - start });
        }, limitMs);
        if (cancel?.aborted) return onCancel();
        cancel?.addEventListener("abort", onCancel, { once: true });
        const done = (value: unknown): void => settle({ status: "done", value, elapsedMs: now() - start });
        // An operation that gives its value at once (or throws) is settled the same way as one that waits.
        new Promise<Timed<unknown>>((given) => given(op(controller.signal))).then(
          (timed) => {
            // A simulated operation that declares a duration really takes it on the real clock.
            const rest = (timed.durationMs ?? 0) - (now() - start);
            if (settled || rest <= 0) return done(timed.value);
            declaredWait = setTimeout(() => done(timed.value), rest);
          },
          (error: unknown) => settle(controller.signal.aborted ? { status: "timeout", elapsedMs: now() - start } : { status: "failed", error }),
        );
      });
    },
  };
}

/**
 * Virtual time shown at a watchable pace: times and outcomes are exactly the virtual clock's,
 * but each operation also waits `factor` times its duration in real time (at most `capMs`),
 * so a UI can watch events arrive. factor 0 is the plain virtual clock.
 *
 * A stop pressed while an operation is being watched cuts it where the analyst saw it: the clock
 * then reads the share of the operation's virtual duration that had played, not its end, so a
 * stopped run's last event carries the time the Stop was pressed.
 */
export function createPacedClock(factor: number, capMs = 1_500): Clock {
  const virtual = createVirtualClock();
  // The virtual time cut operations did not get to play, and the operation being watched, if any.
  let unplayed = 0;
  let watching: { start: number; duration: number; began: number; wait: number } | null = null;
  const share = (w: NonNullable<typeof watching>): number => Math.min(1, (performance.now() - w.began) / w.wait);
  const now = (): number => (watching ? watching.start + watching.duration * share(watching) : virtual.now() - unplayed);
  return {
    now,
    reach: (instant) => virtual.reach(instant + unplayed),
    async within(limitMs, op, cancel) {
      const start = now();
      const bounded = await virtual.within(limitMs, op, cancel);
      const duration = virtual.now() - unplayed - start;
      const wait = Math.min(capMs, factor * duration);
      if (wait <= 0 || cancel?.aborted) return cancel?.aborted && bounded.status === "done" ? { status: "cancelled" } : bounded;
      const w = { start, duration, began: performance.now(), wait };
      watching = w;
      const played = await new Promise<number>((resolve) => {
        const onStop = (): void => {
          clearTimeout(timer);
          resolve(share(w));
        };
        const timer = setTimeout(() => {
          cancel?.removeEventListener("abort", onStop);
          resolve(1);
        }, wait);
        cancel?.addEventListener("abort", onStop, { once: true });
      });
      watching = null;
      if (played >= 1) return bounded;
      unplayed += duration * (1 - played);
      return { status: "cancelled" };
    },
  };
}
