import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.dataQualityTitle',
  descriptionKey: 'pages.dataQualityDescription',
} satisfies Config
