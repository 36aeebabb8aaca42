import type { Config } from 'vike/types'

export default {
  titleKey: 'auth.resetTitle',
  descriptionKey: 'auth.resetDescription',
} satisfies Config
