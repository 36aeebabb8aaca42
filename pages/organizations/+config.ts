import type { Config } from 'vike/types'

export default {
  title: 'Organizations · Portalscope',
  description: 'Explore organizations publishing data across CKAN instances',
} satisfies Config
