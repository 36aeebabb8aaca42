import type { Config } from 'vike/types'

export default {
  title: 'Portalscope',
  descriptionKey: 'pages.homeDescription',
} satisfies Config
