// A page section's data as +data.ts hands it over: the value, or the fact that it could not be loaded. A failing
// query then shows a message in its own section instead of failing the whole page.

export type Section<T> = { ok: true; value: T } | { ok: false }

export async function settle<T>(work: Promise<T> | (() => Promise<T>), what: string): Promise<Section<T>> {
  try {
    return { ok: true, value: await (typeof work === 'function' ? work() : work) }
  } catch (error) {
    console.error(`Could not load ${what}:`, error)
    return { ok: false }
  }
}

export function mapSection<T, U>(section: Section<T>, map: (value: T) => U): Section<U> {
  return section.ok ? { ok: true, value: map(section.value) } : section
}
