import { madeBy } from '../../lib/made-by.ts'

/** The error a promise rejects with, checked to be of the given class; fails the test if it resolves instead. */
export async function rejection<E extends Error>(promise: Promise<unknown>, ErrorClass: new (...args: never[]) => E): Promise<E> {
  try {
    await promise
  } catch (error) {
    if (madeBy(error, ErrorClass)) return error
    throw error
  }
  throw new Error(`expected a ${ErrorClass.name}, but the promise resolved`)
}
