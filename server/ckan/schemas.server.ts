import { z } from 'zod'

// CKAN responses parsed where they enter, tolerantly: real portals send empty formats, lists where strings belong,
// JSON inside strings, numbers as strings and fields that come and go (see docs/ckan-mess.md). Unknown fields are
// kept (looseObject), so nothing a portal sends is lost before it is stored.

/** A string, or whatever a portal put there instead (number, list, null), as a string or null. */
const Text = z.preprocess((value) => {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map(String).join(', ')
  return JSON.stringify(value)
}, z.string().nullable())

/** A count that may arrive as a number, a numeric string or nothing. */
const Count = z.preprocess((value) => {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}, z.number().nullable())

export const CkanEnvelopeSchema = z.looseObject({
  success: z.boolean(),
  result: z.unknown().optional(),
  error: z.looseObject({ __type: Text.optional(), message: Text.optional() }).optional(),
})

export const StatusShowSchema = z.looseObject({
  ckan_version: Text.optional(),
  site_title: Text.optional(),
  site_url: Text.optional(),
  locale_default: Text.optional(),
  extensions: z.array(z.string()).catch([]).optional(),
})
export type StatusShow = z.infer<typeof StatusShowSchema>

export const ResourceSchema = z.looseObject({
  id: Text.optional(),
  name: Text.optional(),
  description: Text.optional(),
  url: Text.optional(),
  format: Text.optional(),
  mimetype: Text.optional(),
  size: Count.optional(),
  last_modified: Text.optional(),
  created: Text.optional(),
  // ckanext-dcat: dcat:downloadURL and dct:rights of a distribution.
  download_url: Text.optional(),
  // 'upload': the file was uploaded to the portal, and `url` is the file itself.
  url_type: Text.optional(),
  rights: Text.optional(),
})
export type CkanResource = z.infer<typeof ResourceSchema>

const NamedSchema = z.looseObject({ id: Text.optional(), name: Text.optional(), title: Text.optional(), display_name: Text.optional() })

export const ExtraSchema = z.looseObject({ key: Text, value: Text.optional() })

export const PackageSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  title: Text.optional(),
  notes: Text.optional(),
  url: Text.optional(),
  license_id: Text.optional(),
  license_title: Text.optional(),
  maintainer: Text.optional(),
  maintainer_email: Text.optional(),
  author: Text.optional(),
  author_email: Text.optional(),
  metadata_created: Text.optional(),
  metadata_modified: Text.optional(),
  state: Text.optional(),
  private: z.boolean().catch(false).optional(),
  organization: NamedSchema.nullable().catch(null).optional(),
  tags: z.array(NamedSchema).catch([]).optional(),
  groups: z.array(NamedSchema).catch([]).optional(),
  resources: z.array(ResourceSchema).catch([]).optional(),
  extras: z.array(ExtraSchema).catch([]).optional(),
  // EnviDat and others put the extent at the top level, as a GeoJSON string.
  spatial: z.unknown().optional(),
})
export type CkanPackage = z.infer<typeof PackageSchema>

const FacetItemSchema = z.looseObject({ name: Text, display_name: Text.optional(), count: Count })

export const PackageSearchSchema = z.looseObject({
  count: Count,
  results: z.array(z.unknown()),
  search_facets: z.record(z.string(), z.looseObject({ title: Text.optional(), items: z.array(FacetItemSchema).catch([]) })).catch({}).optional(),
})

export const OrganizationSchema = z.looseObject({
  id: Text.optional(),
  name: z.string(),
  title: Text.optional(),
  display_name: Text.optional(),
  description: Text.optional(),
  image_url: Text.optional(),
  package_count: Count.optional(),
  created: Text.optional(),
  extras: z.array(ExtraSchema).catch([]).optional(),
})
export type CkanOrganization = z.infer<typeof OrganizationSchema>
