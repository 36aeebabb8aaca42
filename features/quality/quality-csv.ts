import type { Band } from '../../lib/domain/mqa.ts'
import { toCsv } from '../../lib/csv.ts'

// The exports of /data-quality: one record per row of the table they sit under, with stable English column names
// and raw values (ids, numbers, band codes, ISO dates) so scripts can read them whatever the interface language.

export type PortalQualityRow = { instanceId: string; name: string; isDemo: boolean; datasets: number; averageScore: number | null; band: Band | null; asOf: Date }
export type PublisherQualityRow = { id: string; title: string; portals: Array<{ instanceId: string }>; datasets: number; averageScore: number | null; band: Band | null }

export function portalsCsv(rows: ReadonlyArray<PortalQualityRow>): string {
  return toCsv(
    ['portal_id', 'portal', 'demo', 'datasets', 'average_mqa_score', 'band', 'as_of'],
    rows.map((row) => [row.instanceId, row.name, row.isDemo, row.datasets, row.averageScore, row.band, row.asOf]),
  )
}

export function publishersCsv(rows: ReadonlyArray<PublisherQualityRow>): string {
  return toCsv(
    ['publisher_id', 'publisher', 'portal_ids', 'datasets', 'average_mqa_score', 'band'],
    rows.map((row) => [row.id, row.title, row.portals.map((portal) => portal.instanceId).join(' '), row.datasets, row.averageScore, row.band]),
  )
}
