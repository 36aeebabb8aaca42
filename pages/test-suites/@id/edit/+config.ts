import type { Config } from 'vike/types'

export default {
  title: 'Edit test suite · Portalscope',
  description: 'Change which test cases this suite holds and their order.',
} satisfies Config
