// Keywords (CKAN tags) as one concept whatever their case: portals send "Doprava" and "doprava", "ČSÚ" and "čsú".
// The search facets and filters group tags by this key (server/queries/rollups.server.ts, dataset-search.server.ts).

/** The case-folded key of a keyword: Unicode-aware, so Czech capitals fold too; spaces at the ends do not count. */
export function foldKeyword(tag: string): string {
  return tag.normalize('NFC').trim().toLowerCase()
}
