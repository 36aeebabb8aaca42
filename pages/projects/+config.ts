import type { Config } from 'vike/types'

export default {
  title: 'Projects · Portalscope',
  description: 'Your testing projects, each with its test cases, suites and runs.',
} satisfies Config
