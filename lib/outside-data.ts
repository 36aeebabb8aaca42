// JSON that came from outside (a portal's unknown fields and extras) travels as data: its objects become Maps, whose
// keys are values, never properties. A key like `__proto__` or `constructor` is then just text, and serializers that
// refuse such property names (superjson does, against prototype pollution) carry it like any other.

export type OutsideValue = string | number | boolean | null | OutsideValue[] | ReadonlyMap<string, OutsideValue>

export function toOutsideValue(value: unknown): OutsideValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  if (Array.isArray(value)) return value.map(toOutsideValue)
  if (typeof value === 'object') return new Map(Object.entries(value as object).map(([key, inner]) => [key, toOutsideValue(inner)]))
  return null
}
