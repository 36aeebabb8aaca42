/** Whether a value was made by a class (or one extending it): its prototype chain holds the class's prototype. */
export function madeBy<T>(value: unknown, maker: abstract new (...args: never[]) => T): value is T {
  if (typeof value !== 'object' || value === null) return false
  for (let prototype = Object.getPrototypeOf(value) as object | null; prototype; prototype = Object.getPrototypeOf(prototype) as object | null) {
    if (prototype === maker.prototype) return true
  }
  return false
}
