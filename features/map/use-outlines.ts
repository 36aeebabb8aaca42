import { useQuery } from '@tanstack/react-query'
import type { MapShape } from './ShapesMap.tsx'

export type OutlineFeature = { id: string; properties: { nameEn: string; nameCs: string }; geometry: MapShape['geometry'] }

/** The region outlines the map server gives (GET /api/map/geo/{kraje,countries}.json), fetched once a session. */
export function useOutlines(file: 'kraje' | 'countries') {
  return useQuery({
    queryKey: ['map-geo', file],
    queryFn: async ({ signal }) => {
      const response = await fetch(`/api/map/geo/${file}.json`, { signal })
      if (!response.ok) throw new Error(`GET /api/map/geo/${file}.json answered ${response.status}`)
      return ((await response.json()) as { features: OutlineFeature[] }).features
    },
    staleTime: Infinity,
  })
}
