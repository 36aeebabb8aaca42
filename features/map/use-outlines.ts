import { useEffect, useState } from 'react'
import type { MapShape } from './ShapesMap.tsx'

export type OutlineFeature = { id: string; properties: { nameEn: string; nameCs: string }; geometry: MapShape['geometry'] }
type OutlineFile = 'kraje' | 'countries'

// The outlines are static files, not API calls: a plain fetch, so the regional analysis ships no API client before
// hydrating (decision 021). Each file is fetched once a session; a failed fetch is tried once more, and again on a
// later mount.
const fetched = new Map<OutlineFile, Promise<OutlineFeature[]>>()
const answered = new Map<OutlineFile, OutlineFeature[]>()

async function fetchOutlines(file: OutlineFile): Promise<OutlineFeature[]> {
  const response = await fetch(`/api/map/geo/${file}.json`)
  if (!response.ok) throw new Error(`GET /api/map/geo/${file}.json answered ${response.status}`)
  return ((await response.json()) as { features: OutlineFeature[] }).features
}

function outlines(file: OutlineFile): Promise<OutlineFeature[]> {
  let pending = fetched.get(file)
  if (!pending) {
    pending = fetchOutlines(file)
      .catch(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)).then(() => fetchOutlines(file)))
      .then((features) => {
        answered.set(file, features)
        return features
      })
    pending.catch(() => fetched.delete(file))
    fetched.set(file, pending)
  }
  return pending
}

/** The region outlines the map server gives (GET /api/map/geo/{kraje,countries}.json), fetched once a session. */
export function useOutlines(file: OutlineFile): { data: OutlineFeature[] | undefined; isError: boolean } {
  // Nothing on the server and while hydrating (the effect fetches), so both render the same.
  const [state, setState] = useState<{ file: OutlineFile; data: OutlineFeature[] | undefined; isError: boolean }>(() => ({ file, data: answered.get(file), isError: false }))
  const current = state.file === file ? state : { file, data: answered.get(file), isError: false }
  if (current !== state) setState(current)
  useEffect(() => {
    let live = true
    outlines(file).then(
      (data) => live && setState({ file, data, isError: false }),
      () => live && setState({ file, data: undefined, isError: true }),
    )
    return () => {
      live = false
    }
  }, [file])
  return current
}
