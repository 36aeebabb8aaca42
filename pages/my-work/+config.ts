import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.myWorkTitle',
  descriptionKey: 'pages.myWorkDescription',
} satisfies Config
