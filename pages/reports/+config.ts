import type { Config } from 'vike/types'

export default {
  title: 'Reports · Portalscope',
  description: 'Reports on test runs across your projects: pass rates, failures and trends.',
} satisfies Config
