import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.projectSuiteTitle',
  descriptionKey: 'pages.projectSuiteDescription',
} satisfies Config
