import type { Config } from 'vike/types'

export default {
  title: 'Sign-in diagnostics · Portalscope',
  description: 'Whether this request is signed in, as whom, and how.',
} satisfies Config
