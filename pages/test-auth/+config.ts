import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.testAuthTitle',
  descriptionKey: 'pages.testAuthDescription',
} satisfies Config
