// Internal errors reach people as a generic message with a reference; the detail goes to the server log under the
// same reference (ASVS 16.5). One id per error object, however many places report it.
const ids = new WeakMap<object, string>()

export function errorIdOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return newErrorId()
  let id = ids.get(error)
  if (!id) {
    id = newErrorId()
    ids.set(error, id)
  }
  return id
}

function newErrorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(5))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase()
}
