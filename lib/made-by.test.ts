import { describe, expect, it } from 'vitest'
import { z, ZodError } from 'zod'
import { madeBy } from './made-by.ts'

class Base extends Error {}
class Derived extends Base {}

describe('madeBy', () => {
  it('recognises a class and the classes extending it, and nothing else', () => {
    expect(madeBy(new Derived(), Base)).toBe(true)
    expect(madeBy(new Base(), Base)).toBe(true)
    expect(madeBy(new Base(), Derived)).toBe(false)
    expect(madeBy(new Error('x'), Base)).toBe(false)
    expect(madeBy({ name: 'Base', message: 'x' }, Base)).toBe(false)
    expect(madeBy(null, Base)).toBe(false)
    expect(madeBy('Base', Base)).toBe(false)
  })

  it("asks a class that says itself what it made: zod's errors come from an inner class", () => {
    const failure = z.object({ name: z.string() }).safeParse({}).error
    expect(madeBy(failure, ZodError)).toBe(true)
    expect(madeBy(new Error('x'), ZodError)).toBe(false)
    expect(madeBy(failure, Base)).toBe(false)
  })
})
