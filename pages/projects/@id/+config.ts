import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.projectTitle',
  descriptionKey: 'pages.projectDescription',
} satisfies Config
