import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.regionalAnalysisTitle',
  descriptionKey: 'pages.regionalAnalysisDescription',
} satisfies Config
