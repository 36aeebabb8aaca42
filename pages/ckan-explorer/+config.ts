import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.ckanExplorerTitle',
  descriptionKey: 'pages.ckanExplorerDescription',
} satisfies Config
