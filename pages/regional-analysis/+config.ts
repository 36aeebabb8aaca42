import type { Config } from 'vike/types'

export default {
  title: 'Regional Analysis · Portalscope',
  description: 'How datasets are spread across the Czech regions and the countries of the world, with their publishers, formats and quality.',
} satisfies Config
