// Getters on an object the hot path reads (a router, a matcher stack) are defined after its literal: V8 keeps an
// object literal with a getter in dictionary mode, and every read of its other properties (router.match,
// stack.front) would then go through the generic load IC instead of a map check (docs/benchmarks.md).

/** `object` with `getters` defined on it as enumerable, configurable getters, as a literal's would be. */
export function defineGetters<T extends object>(object: object, getters: Readonly<Record<string, () => unknown>>): T {
  for (const [name, get] of Object.entries(getters)) Object.defineProperty(object, name, { get, enumerable: true, configurable: true });
  return object as T;
}
