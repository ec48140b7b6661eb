// A value now or later, taken on at once when it is already there: a stage that has its answer
// passes it on without a promise (and the microtask every await of one costs).

/** `next` of a value: at once when the value is there, else when it comes. */
export function after<T, U>(
  value: Promise<T> | T,
  next: (value: T) => Promise<U> | U,
): Promise<U> | U {
  return value instanceof Promise ? value.then(next) : next(value);
}
