import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.projectSettingsTitle',
  descriptionKey: 'pages.projectSettingsDescription',
} satisfies Config
