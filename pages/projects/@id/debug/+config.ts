import type { Config } from 'vike/types'

export default {
  title: 'Project diagnostics · Portalscope',
  description: 'Technical details of this project for troubleshooting.',
} satisfies Config
