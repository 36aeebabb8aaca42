import type { CkanErrorKind } from './ckan-error-kind.ts'

// A search over the portals' datasets (server/outbound/federated-search.server.ts asks the portals live,
// server/queries/dataset-search.server.ts the harvested snapshot) as the explorer asks it and reads the answer.

export type SearchSort = 'relevance' | 'name' | 'modified'

export type FacetField = 'organization' | 'groups' | 'tags' | 'res_format' | 'license_id'

export type LiveSearchInput = {
  q?: string | undefined
  formats?: string[] | undefined
  /** `<portal slug>:<organization name>`, as the facets return them. */
  organizationIds?: string[] | undefined
  tags?: string[] | undefined
  groups?: string[] | undefined
  licenses?: string[] | undefined
  bbox?: [number, number, number, number] | undefined
  sort: SearchSort
  page: number
  pageSize: number
}

export type DatasetHit = {
  id: string
  instanceId: string
  name: string
  title: string
  notes: string | null
  organization: { id: string; title: string } | null
  formats: string[]
  license: string | null
  modified: string | null
}

export type FacetCount = {
  value: string
  label: string
  count: number
  /** The raw values behind a merged value (formats, licences, keywords), the most used first, at most FACET_VARIANTS. */
  variants?: string[]
  /** Licences only: open as the licence table says; null when it cannot tell or does not know the licence. */
  open?: boolean | null
}

export type LiveSearchResult = {
  items: DatasetHit[]
  total: number
  facets: { organization: FacetCount[]; groups: FacetCount[]; tags: FacetCount[]; formats: FacetCount[]; license: FacetCount[] }
  portals: Array<{ instanceId: string; ok: boolean; error?: CkanErrorKind; ms: number; count?: number }>
}
