import type { Config } from 'vike/types'

export default {
  title: 'New project · Portalscope',
  description: 'A project holds test cases, suites and runs for one catalogue or team.',
} satisfies Config
