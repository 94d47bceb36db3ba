// Indexed reads in tests (tsconfig's noUncheckedIndexedAccess): a missing item fails the test
// with a message that names it, instead of a TypeError further down.

/** The value, or the test fails saying what was missing. */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`expected ${what}, found none`);
  return value;
}

type Tuple<T, N extends number, R extends T[] = []> = R["length"] extends N ? R : Tuple<T, N, [...R, T]>;

/** The first n items of a list, for `const [a, b, c] = first(list, 3)`; fewer fail the test. */
export function first<T, N extends number>(items: readonly T[], n: N): Tuple<T, N> {
  if (items.length < n) throw new Error(`expected at least ${n} items, found ${items.length}`);
  return items.slice(0, n) as Tuple<T, N>;
}

/** Items by their id, for reading them by name; an id in `ids` without an item fails the test. */
export function byId<T, K extends string>(
  items: readonly T[],
  idOf: (item: T) => string,
  ids: readonly K[],
): Record<K, T> {
  return Object.fromEntries(
    ids.map((id) => [
      id,
      defined(
        items.find((item) => idOf(item) === id),
        id,
      ),
    ]),
  ) as Record<K, T>;
}

/** The first error of a GraphQL answer; an answer without one fails the test and shows the body. */
export function firstError<E>(body: { errors?: readonly E[] }): E {
  const error = body.errors?.[0];
  if (error === undefined) throw new Error(`expected a GraphQL error, got ${JSON.stringify(body)}`);
  return error;
}
