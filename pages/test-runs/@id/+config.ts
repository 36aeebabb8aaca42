import type { Config } from 'vike/types'

export default {
  title: 'Test run · Portalscope',
  description: 'The results of one test run, case by case, with the evidence kept.',
} satisfies Config
