import type { Config } from 'vike/types'

export default {
  title: 'Project · Portalscope',
  description: 'The test cases, suites, runs and latest results of this project.',
} satisfies Config
