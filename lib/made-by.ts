/**
 * Whether a value was made by a class (or one extending it): its prototype chain holds the class's prototype. A class
 * that says itself what it made (its own `Symbol.hasInstance`, as zod's error classes do: their instances come from an
 * inner class) is asked instead.
 */
export function madeBy<T>(value: unknown, maker: abstract new (...args: never[]) => T): value is T {
  if (Object.hasOwn(maker, Symbol.hasInstance)) return Boolean((maker as unknown as { [Symbol.hasInstance]: (value: unknown) => unknown })[Symbol.hasInstance](value))
  if (typeof value !== 'object' || value === null) return false
  for (let prototype = Object.getPrototypeOf(value) as object | null; prototype; prototype = Object.getPrototypeOf(prototype) as object | null) {
    if (prototype === maker.prototype) return true
  }
  return false
}
