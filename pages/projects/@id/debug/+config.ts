import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.projectDebugTitle',
  descriptionKey: 'pages.projectDebugDescription',
} satisfies Config
