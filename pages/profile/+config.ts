import type { Config } from 'vike/types'

export default {
  title: 'Profile · Portalscope',
  description: 'Your name, e-mail, password, language, theme, sessions and API tokens.',
} satisfies Config
