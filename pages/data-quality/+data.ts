import type { PageContextServer } from 'vike/types'
import { MQA_INDICATORS, type IndicatorId } from '../../lib/domain/mqa.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { loadFilterOptions } from '../../features/quality/filter-options.ts'
import { parseAnalysisQuery, parsePage, toFilters } from '../../lib/url-state/analysis-query.ts'
import { mapSection, settle } from '../../lib/section.ts'
import { pageTranslator } from '../../lib/i18n/page-text.ts'
import { requestQuery } from '../../server/request-query.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

const MOST_FAILED = 10
const WORST = 10
const PUBLISHERS_PAGE = 25

const WEIGHT = new Map<IndicatorId, number>(MQA_INDICATORS.map((indicator) => [indicator.id, indicator.weight]))

// https://vike.dev/data — runs on the server (client navigations fetch its result as JSON) and returns only what
// the page draws.
export async function data(pageContext: PageContextServer) {
  const { urlParsed, locale } = pageContext
  const query = parseAnalysisQuery(requestQuery(pageContext))
  const orgPage = parsePage(urlParsed.search.orgPage)
  const filters = toFilters(query)
  const caller = await pageCaller(pageContext)

  const [options, summary, worst, publishers] = await Promise.all([
    loadFilterOptions(caller, query, locale, pageTranslator(pageContext)),
    settle(caller.quality.summary(filters), 'the quality summary'),
    settle(caller.quality.worst({ ...filters, limit: WORST }), 'the worst datasets'),
    // Per-publisher averages come from the rollups per organization; the list filters by portal only.
    settle(caller.publishers.list({ instanceIds: filters.instanceIds, sort: 'quality', page: orgPage, pageSize: PUBLISHERS_PAGE }), 'the publishers'),
  ])

  return {
    query,
    options,
    summary: mapSection(summary, ({ noExtent: _noExtent, inKraj: _inKraj, inCountry: _inCountry, mostFailed, ...rest }) => ({
      ...rest,
      mostFailed: mostFailed.slice(0, MOST_FAILED),
    })),
    // What to fix first: the failed indicators worth the most points lead.
    worst: mapSection(worst, (items) =>
      items.map(({ modified: _modified, ...item }) => ({ ...item, failed: [...item.failed].sort((a, b) => (WEIGHT.get(b) ?? 0) - (WEIGHT.get(a) ?? 0)) })),
    ),
    publishers: mapSection(publishers, (list) => ({
      items: list.items.map((item) => ({
        id: item.id,
        title: item.title,
        datasets: item.datasets,
        averageScore: item.averageScore,
        band: item.band,
        portals: item.portals.map((portal) => ({ instanceId: portal.instanceId, name: portal.name, isDemo: portal.isDemo })),
      })),
      total: list.total,
      page: list.page,
      pageCount: Math.max(1, Math.ceil(list.total / list.pageSize)),
    })),
  }
}
