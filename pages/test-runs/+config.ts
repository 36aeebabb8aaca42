import type { Config } from 'vike/types'

export default {
  title: 'Test runs · Portalscope',
  description: 'Every test run with its results, evidence and duration.',
} satisfies Config
