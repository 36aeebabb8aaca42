import type { Config } from 'vike/types'

export default {
  title: 'Data Formats · Portalscope',
  description: 'Explore data formats available across CKAN instances',
} satisfies Config
