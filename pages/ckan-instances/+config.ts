import type { Config } from 'vike/types'

export default {
  title: 'CKAN Instances · Portalscope',
  description: 'The CKAN catalogues Portalscope watches: their health, CKAN version, dataset count and harvests.',
} satisfies Config
