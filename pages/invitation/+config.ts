import type { Config } from 'vike/types'

export default {
  titleKey: 'auth.invitationTitle',
  descriptionKey: 'auth.invitationDescription',
} satisfies Config
