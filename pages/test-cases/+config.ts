import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testCasesTitle',
  descriptionKey: 'pages.testCasesDescription',
} satisfies Config
