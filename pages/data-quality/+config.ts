import type { Config } from 'vike/types'

export default {
  title: 'Data Quality · Portalscope',
  description: 'Analyze and monitor data quality across CKAN instances',
} satisfies Config
