import { CZ_KRAJE } from '../../lib/domain/cz-kraje.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import { LOCALE_TAGS, type Locale } from '../../lib/i18n/locales.ts'
import { regionName } from '../../lib/i18n/region-names.ts'
import type { pageCaller } from '../../server/trpc/page-caller.server.ts'
import type { AnalysisQuery } from '../../lib/url-state/analysis-href.ts'

// The choices of the analysis filter form, loaded on the server by +data.ts (the form is plain HTML and needs
// them in the first response). Each list fails on its own: a missing list leaves its select with the current choice.

type Caller = Awaited<ReturnType<typeof pageCaller>>

export type FilterOption = { id: string; name: string }
export type FilterOptions = {
  portals: Array<FilterOption & { isDemo: boolean }>
  publishers: FilterOption[]
  kraje: FilterOption[]
  countries: FilterOption[]
}

// publishers.list pages at most 100; the biggest publishers are the ones worth offering in a select.
const PUBLISHER_OPTIONS = 100

async function orEmpty<T>(work: Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await work
  } catch (error) {
    console.error(`Could not load the ${what} of the filter form:`, error)
    return []
  }
}

/**
 * The portals worth offering: those with an analysis (the quality summary lists them, from its rollups) and any
 * already chosen. Enabled portals never harvested have nothing to show, so they are left out.
 */
async function analysedPortals(caller: Caller, query: AnalysisQuery): Promise<FilterOptions['portals']> {
  const [list, summary] = await Promise.all([caller.portals.list(), caller.quality.summary({})])
  const analysed = new Set(summary.byPortal.map((portal) => portal.instanceId))
  return list
    .filter((portal) => portal.enabled && (analysed.has(portal.id) || query.portals.includes(portal.id)))
    .map((portal) => ({ id: portal.id, name: portal.name, isDemo: portal.isDemo }))
}

export async function loadFilterOptions(caller: Caller, query: AnalysisQuery, locale: Locale, t: Translate): Promise<FilterOptions> {
  const instanceIds = query.portals.length ? query.portals : undefined
  const collator = new Intl.Collator(LOCALE_TAGS[locale])
  const byName = (a: FilterOption, b: FilterOption) => collator.compare(a.name, b.name)
  const [portals, publishers, countries] = await Promise.all([
    orEmpty(analysedPortals(caller, query), 'portals'),
    orEmpty(
      caller.publishers
        .list({ instanceIds, sort: 'datasets', page: 1, pageSize: PUBLISHER_OPTIONS })
        .then((list) => list.items.map((item) => ({ id: item.id, name: item.title }))),
      'publishers',
    ),
    orEmpty(
      caller.regions
        .summary({ level: 'country', instanceIds })
        .then((summary) => summary.regions.filter((region) => region.datasets > 0).map((region) => ({ id: region.id, name: regionName(region.id, locale, t) }))),
      'countries',
    ),
  ])
  // A chosen organization or country outside the lists (a link from elsewhere) stays selectable.
  if (query.organization && !publishers.some((item) => item.id === query.organization)) publishers.push({ id: query.organization, name: query.organization })
  const kraje = CZ_KRAJE.map((kraj) => ({ id: kraj.id as string, name: regionName(kraj.id, locale, t) }))
  if (query.region && query.region.length === 2 && !countries.some((item) => item.id === query.region)) {
    countries.push({ id: query.region, name: regionName(query.region, locale, t) })
  }
  return { portals, publishers: publishers.sort(byName), kraje: kraje.sort(byName), countries: countries.sort(byName) }
}
