import { normaliseTags } from '../../lib/domain/test-management.ts'
import type { BulkAction, CaseList } from './types.ts'

/**
 * The list as it will read once a bulk change is saved, shown at once and put back if the server refuses. Only what the
 * page itself can know is changed; the refetch that follows brings the rest (a case that no longer matches the filters
 * leaves the page then).
 */
export function applyBulkChange(list: CaseList, caseIds: readonly string[], action: BulkAction): CaseList {
  const chosen = new Set(caseIds)
  if (action.kind === 'delete') {
    const items = list.items.filter((item) => !chosen.has(item.id))
    return { ...list, items, total: Math.max(0, list.total - (list.items.length - items.length)) }
  }
  if (action.kind === 'addToSuite') return list
  return {
    ...list,
    items: list.items.map((item) => {
      if (!chosen.has(item.id)) return item
      switch (action.kind) {
        case 'priority':
          return { ...item, priority: action.priority }
        case 'state':
          return { ...item, state: action.state }
        case 'folder':
          return { ...item, folder: action.folder ?? '' }
        case 'addTags':
          return { ...item, tags: normaliseTags([...item.tags, ...(action.tags ?? [])]) }
        case 'removeTags': {
          const removed = new Set((action.tags ?? []).map((tag) => tag.toLowerCase()))
          return { ...item, tags: item.tags.filter((tag) => !removed.has(tag.toLowerCase())) }
        }
      }
    }),
  }
}
