import type { Config } from 'vike/types'

export default {
  title: 'New test case · Portalscope',
  description: 'Describe the steps and the expected result, or let the case check a live catalogue automatically.',
} satisfies Config
