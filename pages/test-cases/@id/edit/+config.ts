import type { Config } from 'vike/types'

export default {
  title: 'Edit test case · Portalscope',
  description: 'Change the steps, expected result, priority and automation of this test case.',
} satisfies Config
