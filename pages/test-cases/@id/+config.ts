import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testCaseTitle',
  descriptionKey: 'pages.testCaseDescription',
} satisfies Config
