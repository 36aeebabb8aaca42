import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.reportsTitle',
  descriptionKey: 'pages.reportsDescription',
} satisfies Config
