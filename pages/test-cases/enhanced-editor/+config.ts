import type { Config } from 'vike/types'

export default {
  title: 'Enhanced test case editor · Portalscope',
  description: 'Write test cases with reusable steps and checks against live catalogues.',
} satisfies Config
