import type { Config } from 'vike/types'

export default {
  title: 'CKAN Explorer · Portalscope',
  description: 'Search datasets across CKAN catalogues, live from the portals or from the harvested snapshot, with facets for publishers, tags, formats and licences.',
} satisfies Config
