import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.dataFormatsTitle',
  descriptionKey: 'pages.dataFormatsDescription',
} satisfies Config
