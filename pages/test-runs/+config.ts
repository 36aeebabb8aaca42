import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testRunsTitle',
  descriptionKey: 'pages.testRunsDescription',
} satisfies Config
