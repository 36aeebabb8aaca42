import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.projectNewTitle',
  descriptionKey: 'pages.projectNewDescription',
} satisfies Config
