// One part of a page that may fail on its own: +data.ts hands each part over as its value or the fact that it could
// not be loaded, and the page shows the parts that loaded and says which did not, rather than failing whole (a down
// portal, a missing rollup).

export type Section<T> = { ok: true; value: T } | { ok: false; error?: string | null }

type MaybeTrpcError = { code?: unknown; message?: unknown }

/**
 * Awaits one part (a promise, or a function that returns one).
 * - Unnamed parts (the overview, the registry) show why they failed: a refusal from a procedure keeps its message
 *   (already in the user's language); an unexpected failure is logged and shown as a generic message (`error: null`),
 *   never with its internals.
 * - Named parts (`what`, the analysis pages) show their own message whatever the cause; the log names the part.
 */
export async function settle<T>(work: Promise<T> | (() => Promise<T>), what?: string): Promise<Section<T>> {
  try {
    return { ok: true, value: await (typeof work === 'function' ? work() : work) }
  } catch (error) {
    if (what !== undefined) {
      console.error(`Could not load ${what}:`, error)
      return { ok: false }
    }
    const { code, message } = (error ?? {}) as MaybeTrpcError
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR' && typeof message === 'string') return { ok: false, error: message }
    console.error('A page section failed:', error)
    return { ok: false, error: null }
  }
}

export function mapSection<T, U>(section: Section<T>, map: (value: T) => U): Section<U> {
  return section.ok ? { ok: true, value: map(section.value) } : section
}
