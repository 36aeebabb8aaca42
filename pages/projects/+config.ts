import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.projectsTitle',
  descriptionKey: 'pages.projectsDescription',
} satisfies Config
