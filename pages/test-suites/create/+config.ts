import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testSuiteCreateTitle',
  descriptionKey: 'pages.testSuiteCreateDescription',
} satisfies Config
