import type { Config } from 'vike/types'

export default {
  title: 'Test suite · Portalscope',
  description: 'The test cases of this suite and the results of its runs.',
} satisfies Config
