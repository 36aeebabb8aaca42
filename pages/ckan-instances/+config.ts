import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.ckanInstancesTitle',
  descriptionKey: 'pages.ckanInstancesDescription',
} satisfies Config
