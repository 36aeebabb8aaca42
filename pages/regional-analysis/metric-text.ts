import { useData } from 'vike-react/useData'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { bandKey } from '../../features/quality/mqa-text.ts'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { Band } from '../../lib/domain/mqa.ts'
import type { MetricClass, RegionMetric } from './region-metrics.ts'
import type { Data } from './+data.ts'

export const METRIC_KEYS: Record<RegionMetric, MessageKey> = {
  datasets: 'regions.metricDatasets',
  quality: 'regions.metricQuality',
  machineReadable: 'regions.metricMachineReadable',
}

/** The metric inside a sentence ("ranked by number of datasets"). */
export const METRIC_PHRASE_KEYS: Record<RegionMetric, MessageKey> = {
  datasets: 'regions.byDatasets',
  quality: 'regions.byQuality',
  machineReadable: 'regions.byMachineReadable',
}

type Figures = { datasets: number; averageScore: number | null; band: Band | null; machineReadableShare: number | null }

/** How the chosen metric reads: a region's value ("275 Good", "42 %") and a legend class ("Good 221–350"). */
export function useMetricText() {
  const t = useT()
  const intl = useIntl()
  const { metric } = useData<Data>().query
  const percent = (value: number) => intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1 })
  const valueText = (region: Figures): string => {
    if (metric === 'datasets') return t('common.datasetCount', { count: region.datasets })
    if (region.datasets === 0) return t('regions.noDatasets')
    if (metric === 'quality') return region.averageScore === null || !region.band ? t('regions.notRated') : `${intl.formatNumber(region.averageScore)} ${t(bandKey(region.band))}`
    return region.machineReadableShare === null ? t('regions.noResources') : percent(region.machineReadableShare)
  }
  const classLabel = (item: MetricClass): string => {
    if (metric === 'quality' && item.band) return t('regions.legendBand', { band: t(bandKey(item.band)), min: intl.formatNumber(item.min), max: intl.formatNumber(item.max) })
    if (metric === 'machineReadable') return t('regions.legendRange', { min: percent(item.min), max: percent(item.max) })
    return item.min === item.max ? intl.formatNumber(item.min) : t('regions.legendRange', { min: intl.formatNumber(item.min), max: intl.formatNumber(item.max) })
  }
  return { metric, valueText, classLabel }
}
