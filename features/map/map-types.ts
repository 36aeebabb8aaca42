import type { MapBand, MapDatasetItem, MapFamily } from '../../lib/domain/map.ts'

export type { MapDatasetItem }
import type { MessageKey } from '../../lib/i18n/catalog.ts'

// The map API's answers as the browser uses them (server/trpc/routers/map.server.ts, docs/map.md).

export type MapMeta = {
  buildId: number | null
  builtAt: Date | null
  points: number
  building: boolean
  portals: Array<{ id: string; name: string; points: number }>
}

export type MapDatasetsPage = { items: MapDatasetItem[]; nextCursor: number | null; matched: { count: number; capped: boolean } | null }

export type MapFirstView = {
  buildId: number | null
  tiles: Array<{ z: number; x: number; y: number; data: string }>
  datasets: MapDatasetsPage
  total: number
}

export const familyKey = (family: MapFamily): MessageKey => `map.family_${family}`
export const bandKey = (band: MapBand): MessageKey => (band === 'unrated' ? 'map.bandUnrated' : `mqa.band_${band}`)
