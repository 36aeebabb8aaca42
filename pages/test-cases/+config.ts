import type { Config } from 'vike/types'

export default {
  title: 'Test cases · Portalscope',
  description: 'Test cases across your projects, manual and automated against live catalogues.',
} satisfies Config
