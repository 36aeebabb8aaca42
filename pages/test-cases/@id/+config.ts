import type { Config } from 'vike/types'

export default {
  title: 'Test case · Portalscope',
  description: 'One test case: its steps, expected result and history of results.',
} satisfies Config
