import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testCaseCreateTitle',
  descriptionKey: 'pages.testCaseCreateDescription',
} satisfies Config
