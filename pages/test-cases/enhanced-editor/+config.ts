import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.enhancedEditorTitle',
  descriptionKey: 'pages.enhancedEditorDescription',
} satisfies Config
