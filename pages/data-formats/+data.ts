import type { PageContextServer } from 'vike/types'
import { isMachineReadable, isOpenStandard } from '../../lib/domain/formats.ts'
import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { pageCaller } from '../../server/trpc/page-caller.server.ts'
import { loadFilterOptions } from '../../features/quality/filter-options.ts'
import { parseAnalysisQuery, parseFormat, parsePage, toFilters } from '../../lib/url-state/analysis-query.ts'
import { mapSection, settle } from '../../lib/section.ts'
import { pageTranslator } from '../../lib/i18n/page-text.ts'
import { requestQuery } from '../../server/request-query.server.ts'

export type Data = Awaited<ReturnType<typeof data>>

/** Formats drawn on their own in the per-portal mix; the rest are summed as "other". */
const TOP_FORMATS = 6
/** Formats whose raw declared values the overview lists. */
const RAW_VALUE_FORMATS = 6
const RAW_VALUES_EACH = 8
const PAGE_SIZE = 20

// https://vike.dev/data — runs on the server (also for client navigations, which fetch its result as JSON), calls
// the tRPC procedures in-process, and returns only what the page draws.
export async function data(pageContext: PageContextServer) {
  const { urlParsed, locale } = pageContext
  const query = parseAnalysisQuery(requestQuery(pageContext))
  const requestedFormat = urlParsed.search.format?.trim() || null
  const format = parseFormat(requestedFormat ?? undefined)
  const page = parsePage(urlParsed.search.page)
  const filters = toFilters(query)
  const caller = await pageCaller(pageContext)

  const [options, summary, detail] = await Promise.all([
    loadFilterOptions(caller, query, locale, pageTranslator(pageContext)),
    settle(caller.formats.summary(filters), 'the format summary'),
    format ? settle(caller.formats.byFormat({ ...filters, format, page, pageSize: PAGE_SIZE }), `the ${format} detail`) : null,
  ])

  // The overview lists what portals actually typed for its most common formats (formats.byFormat, one page of one).
  const rawValues =
    format || !summary.ok
      ? null
      : await settle(
          Promise.all(
            summary.value.formats.slice(0, RAW_VALUE_FORMATS).map(async (item) => {
              const one = await caller.formats.byFormat({ ...filters, format: item.format, page: 1, pageSize: 1 })
              return { format: item.format, resources: item.resources, rawValues: one.rawValues.slice(0, RAW_VALUES_EACH), more: Math.max(0, one.rawValues.length - RAW_VALUES_EACH) }
            }),
          ),
          'the raw format values',
        )

  return {
    query,
    options,
    format,
    unknownFormat: requestedFormat && !format ? requestedFormat : null,
    page,
    summary: mapSection(summary, (value) => {
      const top = value.formats.slice(0, TOP_FORMATS).map((item) => item.format)
      const share = (formats: Array<{ format: CanonicalFormat; resources: number }>, test: (format: CanonicalFormat) => boolean) => {
        const total = formats.reduce((sum, item) => sum + item.resources, 0)
        return total ? formats.filter((item) => test(item.format)).reduce((sum, item) => sum + item.resources, 0) / total : null
      }
      return {
        asOf: value.asOf,
        resources: value.resources,
        datasets: value.datasets,
        machineReadableShare: value.machineReadableShare,
        openStandardShare: value.openStandardShare,
        formats: value.formats,
        stars: value.stars,
        topFormats: top,
        byPortal: value.byPortal.map((portal) => {
          const counts: Record<string, number> = {}
          for (const item of portal.formats) {
            const key = top.includes(item.format) ? item.format : 'other'
            counts[key] = (counts[key] ?? 0) + item.resources
          }
          return {
            instanceId: portal.instanceId,
            name: portal.name,
            isDemo: portal.isDemo,
            resources: portal.resources,
            counts,
            machineReadableShare: share(portal.formats, isMachineReadable),
            openStandardShare: share(portal.formats, isOpenStandard),
          }
        }),
      }
    }),
    rawValues,
    detail: detail && mapSection(detail, (value) => ({ ...value, pageCount: Math.max(1, Math.ceil(value.datasets / value.pageSize)) })),
  }
}
