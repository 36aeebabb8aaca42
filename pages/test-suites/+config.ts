import type { Config } from 'vike/types'

export default {
  title: 'Test suites · Portalscope',
  description: 'Groups of test cases that run together.',
} satisfies Config
