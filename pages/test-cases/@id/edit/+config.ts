import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testCaseEditTitle',
  descriptionKey: 'pages.testCaseEditDescription',
} satisfies Config
