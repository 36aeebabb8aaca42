import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

// https://vike.dev/config
export default {
  extends: [vikeReact],
  title: 'Portalscope',
  description: 'Explore and test open-data catalogues that run CKAN.',
  lang: 'en',
  favicon: '/favicon.svg',
  // Stream HTML so the shell reaches the browser before slow data resolves.
  stream: true,
  passToClient: ['user'],
  // A fresh nonce per response lets Vike's inline scripts run under a CSP without 'unsafe-inline'.
  csp: { nonce: true },
} satisfies Config
