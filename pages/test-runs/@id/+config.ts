import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testRunTitle',
  descriptionKey: 'pages.testRunDescription',
} satisfies Config
