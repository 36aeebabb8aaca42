// One part of a page that may fail on its own: the page shows the parts that loaded and says which did not,
// rather than failing whole (a down portal, a missing rollup).

export type Section<T> = { ok: true; value: T } | { ok: false; error: string | null }

type MaybeTrpcError = { code?: unknown; message?: unknown }

/**
 * Awaits one part. A refusal from a procedure keeps its message (already in the user's language); an unexpected
 * failure is logged and shown as a generic message (`error: null`), never with its internals.
 */
export async function settle<T>(work: Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, value: await work }
  } catch (error) {
    const { code, message } = (error ?? {}) as MaybeTrpcError
    if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR' && typeof message === 'string') return { ok: false, error: message }
    console.error('A page section failed:', error)
    return { ok: false, error: null }
  }
}

export function mapSection<T, U>(section: Section<T>, map: (value: T) => U): Section<U> {
  return section.ok ? { ok: true, value: map(section.value) } : section
}
