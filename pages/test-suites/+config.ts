import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testSuitesTitle',
  descriptionKey: 'pages.testSuitesDescription',
} satisfies Config
