import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.profileTitle',
  descriptionKey: 'pages.profileDescription',
} satisfies Config
