import type { Config } from 'vike/types'

export default {
  titleKey: 'pages.galleryTitle',
  descriptionKey: 'pages.galleryDescription',
} satisfies Config
