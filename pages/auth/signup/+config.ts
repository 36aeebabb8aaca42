import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.signupTitle',
  descriptionKey: 'pages.signupDescription',
} satisfies Config
