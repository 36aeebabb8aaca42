import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { MAP_INITIAL_BBOX, type BBox } from '../../lib/domain/map.ts'
import type { SidebarFilters } from './MapSidebar.tsx'
import type { MapView } from './view.ts'

const LIST_DEBOUNCE_MS = 250
const SEARCH_DEBOUNCE_MS = 300

export const sameBox = (a: BBox, b: BBox) => a.west === b.west && a.south === b.south && a.east === b.east && a.north === b.north

/**
 * The home map's view, and the box the list shows: moving the map moves the list's box (debounced) while
 * `listFollows`. After a row has flown the map to its dataset the list stays as it is (so Escape and the arrow keys
 * find the row where it was) until the user moves the map themselves (use-home-popup.tsx sets it).
 */
export function useHomeView(): [view: MapView | null, listBox: BBox, onViewChange: (next: MapView, move: { byUser: boolean }) => void, listFollows: RefObject<boolean>] {
  const [view, setView] = useState<MapView | null>(null)
  const [listBox, setListBox] = useState<BBox>(MAP_INITIAL_BBOX)
  const listFollows = useRef(true)
  const listTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(listTimer.current), [])

  const onViewChange = useCallback((next: MapView, { byUser }: { byUser: boolean }) => {
    setView(next)
    if (byUser) listFollows.current = true
    clearTimeout(listTimer.current)
    listTimer.current = setTimeout(() => {
      if (listFollows.current) setListBox((current) => (sameBox(current, next.bbox) ? current : next.bbox))
    }, LIST_DEBOUNCE_MS)
  }, [])
  return [view, listBox, onViewChange, listFollows]
}

/** The list's filters as the sidebar shows them, and the search they ask for: the words once typing pauses. */
export function useListFilters(): [filters: SidebarFilters, query: string, onFilters: (next: SidebarFilters) => void] {
  const [filters, setFilters] = useState<SidebarFilters>({ portalId: null, family: null, band: null, q: '' })
  const [query, setQuery] = useState('')
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(searchTimer.current), [])

  const onFilters = useCallback((next: SidebarFilters) => {
    setFilters(next)
    clearTimeout(searchTimer.current)
    const q = next.q.trim()
    if (q === '') setQuery('')
    else searchTimer.current = setTimeout(() => setQuery(q), SEARCH_DEBOUNCE_MS)
  }, [])
  return [filters, query, onFilters]
}
