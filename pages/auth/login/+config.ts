import type { Config } from 'vike/types'

export default {
  title: 'Sign in · Portalscope',
  description: 'Sign in to keep projects, test cases, test suites, test runs and reports.',
} satisfies Config
