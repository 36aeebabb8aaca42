import { choroplethBins, binIndex } from '../../features/portals/choropleth.ts'
import { BAND_MIN, MQA_MAX, type Band } from '../../lib/domain/mqa.ts'
import { choiceParam } from '../../lib/url-state/query-params.ts'

// What the regional analysis colours and ranks regions by, read from the URL so that the switches work without
// JavaScript: ?level=country&metric=quality&dir=asc.

export const REGION_METRICS = ['datasets', 'quality', 'machineReadable'] as const
export type RegionMetric = (typeof REGION_METRICS)[number]

const REGION_LEVELS = ['cz-kraj', 'country'] as const
const RANK_DIRECTIONS = ['desc', 'asc'] as const
export type RegionQuery = { level: (typeof REGION_LEVELS)[number]; metric: RegionMetric; dir: (typeof RANK_DIRECTIONS)[number] }

/** The query from the URL; a value that does not fit gives its default. */
export function parseRegionQuery(search: Record<string, string | undefined>): RegionQuery {
  return {
    level: choiceParam(search.level, REGION_LEVELS, 'cz-kraj'),
    metric: choiceParam(search.metric, REGION_METRICS, 'datasets'),
    dir: choiceParam(search.dir, RANK_DIRECTIONS, 'desc'),
  }
}

/** The page's address for a query, defaults left out (the kraje by datasets, most first). */
export function regionsHref(query: RegionQuery): string {
  const params = new URLSearchParams()
  if (query.level !== 'cz-kraj') params.set('level', query.level)
  if (query.metric !== 'datasets') params.set('metric', query.metric)
  if (query.dir !== 'desc') params.set('dir', query.dir)
  const search = params.toString()
  return `/regional-analysis${search ? `?${search}` : ''}`
}

export type MetricFigures = { datasets: number; averageScore: number | null; machineReadableShare: number | null }

/** The region's value for a metric; null where it has none (no datasets, or no resources for the share). */
export function metricValue(region: MetricFigures, metric: RegionMetric): number | null {
  if (metric === 'datasets') return region.datasets
  if (region.datasets === 0) return null
  return metric === 'quality' ? region.averageScore : region.machineReadableShare
}

/** One class of the colour scale, low to high; `band` names the quality classes. */
export type MetricClass = { min: number; max: number; band?: Band }

const QUALITY_CLASSES: MetricClass[] = (['bad', 'sufficient', 'good', 'excellent'] as const).map((band, index, bands) => {
  const next = bands[index + 1]
  return { band, min: BAND_MIN[band], max: next ? BAND_MIN[next] - 1 : MQA_MAX }
})

// Fifths of the share: the same scale on every page, so two views compare at a glance.
const SHARE_CLASSES: MetricClass[] = [0, 1, 2, 3, 4].map((index) => ({ min: index / 5, max: (index + 1) / 5 }))

/**
 * The classes of a metric's scale: round steps of datasets up to the largest region (none when no region has any);
 * the four MQA bands for the average quality; fifths for the machine-readable share.
 */
export function metricClasses(metric: RegionMetric, values: ReadonlyArray<number | null>): MetricClass[] {
  if (metric === 'quality') return QUALITY_CLASSES
  if (metric === 'machineReadable') return SHARE_CLASSES
  return choroplethBins(values.map((value) => value ?? 0))
}

/** The class a value falls in: -1 for no value (and for no datasets). */
export function classIndex(metric: RegionMetric, value: number | null, classes: readonly MetricClass[]): number {
  if (value === null) return -1
  if (metric === 'datasets') return binIndex(value, classes)
  const index = classes.findIndex((item) => value <= item.max)
  return index === -1 ? classes.length - 1 : index
}

/**
 * Regions ranked by a metric (1 = largest unless `dir` is asc), ties sharing a rank (1, 2, 2, 4); regions without a
 * value come last without a rank. Ties and the unranked are in the order of their datasets, then their name.
 */
export function rankRegions<T extends MetricFigures & { name: string }>(regions: readonly T[], metric: RegionMetric, dir: 'asc' | 'desc'): Array<T & { value: number | null; rank: number | null }> {
  const sign = dir === 'asc' ? 1 : -1
  const sorted = regions
    .map((region) => ({ ...region, value: metricValue(region, metric) }))
    .sort((a, b) => {
      const byValue = a.value === b.value ? 0 : a.value === null ? 1 : b.value === null ? -1 : sign * (a.value - b.value)
      return byValue || b.datasets - a.datasets || a.name.localeCompare(b.name)
    })
  let rank = 0
  return sorted.map((region, index) => {
    if (region.value === null) return { ...region, rank: null }
    if (index === 0 || sorted[index - 1]!.value !== region.value) rank = index + 1
    return { ...region, rank }
  })
}

/**
 * The countries the country map is framed around: the most covered first, until they hold `share` of the datasets
 * placed in a country. Two datasets about Russia would otherwise zoom the map out to the whole world; the countries
 * left out stay in the table, and the page names those the frame does not reach.
 */
export function framedCountries(regions: ReadonlyArray<{ id: string; datasets: number }>, share = 0.98): string[] {
  const sorted = regions.filter((region) => region.datasets > 0).sort((a, b) => b.datasets - a.datasets)
  const total = sorted.reduce((sum, region) => sum + region.datasets, 0)
  const out: string[] = []
  let covered = 0
  for (const region of sorted) {
    if (out.length && covered >= share * total) break
    out.push(region.id)
    covered += region.datasets
  }
  return out
}
