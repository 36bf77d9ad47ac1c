/**
 * A value now, or a promise of it. On the virtual clock a replayed reply and a tool call need no
 * waiting, so they give their value at once: a run that never waits then never yields, and costs no
 * more than the work it does (an `await` of a value that is already here still yields a turn).
 */
export type Awaitable<T> = T | Promise<T>;

/** True when `value` is still to come. */
export const isPending = <T>(value: Awaitable<T>): value is Promise<T> => value instanceof Promise;

/** `next` of the value: at once when it is here, once it has come when it is a promise. */
export function andThen<T, U>(value: Awaitable<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return isPending(value) ? value.then(next) : next(value);
}
