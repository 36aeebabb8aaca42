import type { Config } from 'vike/types'

export default {
  title: 'Create an account · Portalscope',
  description: 'An account keeps your projects, test cases and test runs.',
} satisfies Config
