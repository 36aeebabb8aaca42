// The colour scale of the overview's small map of the Czech kraje: equal steps of a round size from 1 to the
// largest value, so the legend reads "1–300, 301–600 …", and a class of its own for regions with nothing.

export type Bin = { min: number; max: number }

/** Classes of the scale at most; fewer when round steps cover the range sooner. */
export const MAX_CLASSES = 5

// Round step sizes, times a power of ten; 2.5 only where it stays whole (25, 250 …).
const NICE = [1, 2, 2.5, 3, 4, 5, 10]

/** The smallest whole, round step that is at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1
  const power = 10 ** Math.floor(Math.log10(raw))
  for (const factor of NICE) {
    const step = factor * power
    if (step >= raw && Number.isInteger(step)) return step
  }
  return 10 * power
}

/** Equal, round bins over whole counts from 1 to the largest value; none when every value is 0. */
export function choroplethBins(values: readonly number[], classes = MAX_CLASSES): Bin[] {
  const max = Math.max(0, ...values.filter((value) => Number.isFinite(value)))
  if (max < 1) return []
  const step = niceStep(max / classes)
  const count = Math.ceil(max / step)
  return Array.from({ length: count }, (_, index) => ({ min: index * step + 1, max: (index + 1) * step }))
}

/** Which bin a value falls in: -1 for nothing (0 or less), else the index in `bins`. */
export function binIndex(value: number, bins: readonly Bin[]): number {
  if (!(value >= 1) || bins.length === 0) return -1
  const index = bins.findIndex((bin) => value <= bin.max)
  return index === -1 ? bins.length - 1 : index
}

/**
 * Fills for the classes: the primary colour mixed into the surface, light to strong in both themes (the semantic
 * tokens switch with the theme class, so the scale follows without a second palette).
 */
export function binFill(index: number, count: number): string {
  if (index < 0) return 'var(--colors-surface\\.raised)'
  const share = count <= 1 ? 100 : Math.round(20 + (80 * index) / (count - 1))
  return `color-mix(in srgb, var(--colors-primary) ${share}%, var(--colors-surface))`
}

