import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.organizationsTitle',
  descriptionKey: 'pages.organizationsDescription',
} satisfies Config
