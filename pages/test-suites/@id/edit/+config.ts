import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testSuiteEditTitle',
  descriptionKey: 'pages.testSuiteEditDescription',
} satisfies Config
