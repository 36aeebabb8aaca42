import type { Config } from 'vike/types'

export default {
  title: 'Component Gallery · Portalscope',
  description: 'Every interface component in both themes, with the colours for result statuses and priorities.',
} satisfies Config
