import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.loginTitle',
  descriptionKey: 'pages.loginDescription',
} satisfies Config
