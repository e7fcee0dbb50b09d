/**
 * A value now or a promise of it. The embedded store answers some reads from memory at once;
 * awaiting such an answer anyway cost an availability search a turn of the promise queue at
 * every layer it passed through (store, verb, operation, route), about a tenth of its time.
 */
export type MaybeAsync<T> = T | Promise<T>

/** Applies `next` to the value at once when it is there, else when the promise settles. */
export function whenReady<T, R>(value: MaybeAsync<T>, next: (value: T) => R): MaybeAsync<R> {
  return value instanceof Promise ? value.then(next) : next(value)
}
