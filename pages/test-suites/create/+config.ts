import type { Config } from 'vike/types'

export default {
  title: 'New test suite · Portalscope',
  description: 'Choose the test cases that belong together and the order they run in.',
} satisfies Config
